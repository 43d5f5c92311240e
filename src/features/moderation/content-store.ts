/**
 * The operator's assigned content, as a small external store (useSyncExternalStore). Rules:
 * - set-content hands out refs; refs already held or being fetched are ignored, the rest are
 *   fetched in full (the content update call) and merged in arrival order.
 * - A ref the update did not return, or a failed update, is unmapped back to the server with
 *   reason 'update_failed', so the item returns to the queue instead of being stuck on a lease.
 * - reset() (reset-content, park, socket loss) drops everything; an update that was in flight
 *   when the store was reset is discarded when it lands (its generation is stale).
 * - heldCount() counts items on screen plus refs being fetched: request-content asks only for
 *   max_content minus that.
 * - A submit marks its items as submitting (they stay on screen, Submit disabled) until their
 *   results are stored in the outbox; then they leave and are never assigned to this screen
 *   again, even when the server hands the same refs out once more before the outbox has sent
 *   them (on reconnect, or with the next set-content).
 */
import type { AssignedContent, ContentItem } from '../../contract/content';
import type { ModerationItem } from './moderation-rules';

export interface ContentStoreDeps {
  fetchItems: (refs: AssignedContent[]) => Promise<ContentItem[]>;
  unmap: (ref: AssignedContent, reason: 'update_failed' | 'operator_skip') => void;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export interface ContentSnapshot {
  items: readonly ModerationItem[];
  /** Ids whose submit is in flight. */
  submitting: ReadonlySet<number>;
}

export class ContentStore {
  private snapshot: ContentSnapshot = { items: [], submitting: new Set() };
  private readonly pending = new Set<number>();
  /** Items whose results went into the outbox: they never come back to this screen. */
  private readonly submitted = new Set<number>();
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: ContentStoreDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ContentSnapshot => this.snapshot;

  heldCount(): number {
    return this.snapshot.items.length + this.pending.size;
  }

  has(id: number): boolean {
    return (
      this.pending.has(id) ||
      this.submitted.has(id) ||
      this.snapshot.items.some((item) => item.id === id)
    );
  }

  private publish(next: Partial<ContentSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  private updateItems(update: (items: readonly ModerationItem[]) => ModerationItem[]): void {
    this.publish({ items: update(this.snapshot.items) });
  }

  private patch(id: number, change: (item: ModerationItem) => ModerationItem): void {
    this.updateItems((items) => items.map((item) => (item.id === id ? change(item) : item)));
  }

  /** set-content: fetch the new refs in full and merge them. */
  async assign(refs: readonly AssignedContent[]): Promise<void> {
    const fresh = refs.filter(
      (ref, index) => !this.has(ref.id) && refs.findIndex((r) => r.id === ref.id) === index,
    );
    if (fresh.length === 0) return;
    const generation = this.generation;
    for (const ref of fresh) this.pending.add(ref.id);
    let fetched: ContentItem[];
    try {
      fetched = await this.deps.fetchItems(fresh);
    } catch (error) {
      this.deps.onError?.(error);
      fetched = [];
    }
    if (generation !== this.generation) return;
    for (const ref of fresh) this.pending.delete(ref.id);
    const byId = new Map(fetched.map((item) => [item.id, item]));
    const inboundTime = (this.deps.now?.() ?? new Date()).toISOString();
    const arrived: ModerationItem[] = [];
    for (const ref of fresh) {
      const item = byId.get(ref.id);
      if (!item) {
        this.deps.unmap(ref, 'update_failed');
        continue;
      }
      arrived.push({ ...item, loaded: false, inboundTime, submitError: null });
    }
    if (arrived.length > 0) this.updateItems((items) => [...items, ...arrived]);
    else this.publish({});
  }

  /**
   * Items this screen does not show (on a channel view, items of another channel still held from
   * before a reload): off the screen and back to the queue, free to come back later.
   */
  giveBack(ids: readonly number[]): void {
    const back = this.snapshot.items.filter((item) => ids.includes(item.id));
    if (back.length === 0) return;
    this.updateItems((items) => items.filter((item) => !ids.includes(item.id)));
    for (const item of back) this.deps.unmap({ id: item.id }, 'operator_skip');
  }

  /** reset-content, park, socket loss: the items are no longer ours. */
  reset(): void {
    this.generation += 1;
    this.pending.clear();
    this.publish({ items: [], submitting: new Set() });
  }

  toggleTag(id: number, name: string): void {
    this.patch(id, (item) => ({
      ...item,
      submitError: null,
      tags: item.tags.map((tag) => (tag.name === name ? { ...tag, selected: !tag.selected } : tag)),
    }));
  }

  setCustomTag(id: number, value: string | null): void {
    this.patch(id, (item) => ({ ...item, customTag: value, submitError: null }));
  }

  /** Returns true the first time only, so the moderated time is recorded once per item. */
  markLoaded(id: number): boolean {
    const item = this.snapshot.items.find((candidate) => candidate.id === id);
    if (!item || item.loaded) return false;
    this.patch(id, (current) => ({ ...current, loaded: true }));
    return true;
  }

  /** Marks the items as submitting and answers them; items already submitting are left out. */
  beginSubmit(ids: readonly number[]): ModerationItem[] {
    const taken = this.snapshot.items.filter(
      (item) => ids.includes(item.id) && !this.snapshot.submitting.has(item.id),
    );
    if (taken.length === 0) return [];
    const submitting = new Set(this.snapshot.submitting);
    for (const item of taken) submitting.add(item.id);
    this.publish({ submitting });
    return taken;
  }

  /** Their results are stored on the device: the items leave the screen for good. */
  completeSubmit(ids: readonly number[]): void {
    for (const id of ids) this.submitted.add(id);
    const submitting = new Set(this.snapshot.submitting);
    for (const id of ids) submitting.delete(id);
    this.publish({
      items: this.snapshot.items.filter((item) => !ids.includes(item.id)),
      submitting,
    });
  }

  /** Their results could not be stored: the items stay, with the reason. */
  failSubmit(ids: readonly number[], error: string): void {
    const submitting = new Set(this.snapshot.submitting);
    for (const id of ids) submitting.delete(id);
    this.publish({
      submitting,
      items: this.snapshot.items.map((item) =>
        ids.includes(item.id) ? { ...item, submitError: error } : item,
      ),
    });
  }
}
