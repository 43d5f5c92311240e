import { describe, expect, it, vi } from 'vitest';
import type { AssignedContent, ContentItem } from '../../../../src/contract/content';
import { ContentStore } from '../../../../src/features/moderation/content-store';
import { contentItem } from './fixtures';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(fetchItems: (refs: AssignedContent[]) => Promise<ContentItem[]>) {
  const unmap = vi.fn();
  const store = new ContentStore({
    fetchItems,
    unmap,
    now: () => new Date('2024-03-05T10:00:00.000Z'),
  });
  return { store, unmap };
}

const ids = (store: ContentStore) => store.getSnapshot().items.map((item) => item.id);

describe('ContentStore', () => {
  it('fetches assigned refs in full and merges them with client fields', async () => {
    const fetchItems = vi.fn(async (refs: AssignedContent[]) =>
      refs.map((ref) => contentItem({ id: ref.id })),
    );
    const { store } = setup(fetchItems);
    const listener = vi.fn();
    store.subscribe(listener);
    await store.assign([{ id: 1 }, { id: 2 }]);
    expect(fetchItems).toHaveBeenCalledWith([{ id: 1 }, { id: 2 }]);
    expect(ids(store)).toEqual([1, 2]);
    expect(store.getSnapshot().items[0]).toMatchObject({
      loaded: false,
      inboundTime: '2024-03-05T10:00:00.000Z',
      submitError: null,
    });
    expect(listener).toHaveBeenCalled();
  });

  it('ignores refs already held or being fetched, and duplicates within one set-content', async () => {
    const first = deferred<ContentItem[]>();
    const fetchItems = vi
      .fn<(refs: AssignedContent[]) => Promise<ContentItem[]>>()
      .mockReturnValueOnce(first.promise)
      .mockImplementation(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    const { store } = setup(fetchItems);
    const pending = store.assign([{ id: 1 }, { id: 1 }]);
    expect(store.heldCount()).toBe(1);
    await store.assign([{ id: 1 }, { id: 2 }]);
    expect(fetchItems).toHaveBeenLastCalledWith([{ id: 2 }]);
    first.resolve([contentItem({ id: 1 })]);
    await pending;
    expect(ids(store).sort()).toEqual([1, 2]);
    expect(store.heldCount()).toBe(2);
  });

  it('unmaps refs the update did not return with reason update_failed', async () => {
    const { store, unmap } = setup(async () => [contentItem({ id: 1 })]);
    await store.assign([{ id: 1 }, { id: 2 }]);
    expect(ids(store)).toEqual([1]);
    expect(unmap).toHaveBeenCalledWith({ id: 2 }, 'update_failed');
    expect(unmap).toHaveBeenCalledTimes(1);
  });

  it('unmaps every ref when the update fails', async () => {
    const { store, unmap } = setup(async () => {
      throw new Error('500');
    });
    await store.assign([{ id: 3 }, { id: 4 }]);
    expect(ids(store)).toEqual([]);
    expect(store.heldCount()).toBe(0);
    expect(unmap.mock.calls).toEqual([
      [{ id: 3 }, 'update_failed'],
      [{ id: 4 }, 'update_failed'],
    ]);
  });

  it('reset clears everything and drops an update that lands afterwards', async () => {
    const later = deferred<ContentItem[]>();
    const { store, unmap } = setup(() => later.promise);
    const pending = store.assign([{ id: 5 }]);
    store.reset();
    expect(store.heldCount()).toBe(0);
    later.resolve([contentItem({ id: 5 })]);
    await pending;
    expect(ids(store)).toEqual([]);
    expect(unmap).not.toHaveBeenCalled();
  });

  it('toggles tags and sets the custom tag of one item only', async () => {
    const { store } = setup(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    await store.assign([{ id: 1 }, { id: 2 }]);
    store.toggleTag(1, 'spam');
    store.setCustomTag(1, 'weapon');
    const [one, two] = store.getSnapshot().items;
    expect(one?.tags.find((tag) => tag.name === 'spam')?.selected).toBe(true);
    expect(one?.customTag).toBe('weapon');
    expect(two?.tags.every((tag) => !tag.selected)).toBe(true);
    store.toggleTag(1, 'spam');
    expect(store.getSnapshot().items[0]?.tags.find((tag) => tag.name === 'spam')?.selected).toBe(
      false,
    );
  });

  it('markLoaded is true once per item', async () => {
    const { store } = setup(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    await store.assign([{ id: 1 }]);
    expect(store.markLoaded(1)).toBe(true);
    expect(store.markLoaded(1)).toBe(false);
    expect(store.markLoaded(99)).toBe(false);
  });

  it('a submit keeps its items on screen until stored, then they leave for good', async () => {
    const { store } = setup(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    await store.assign([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const taken = store.beginSubmit([2]);
    expect(taken.map((item) => item.id)).toEqual([2]);
    expect(ids(store)).toEqual([1, 2, 3]);
    expect(store.getSnapshot().submitting.has(2)).toBe(true);
    // A second Submit while the first is being stored does nothing.
    expect(store.beginSubmit([2])).toEqual([]);
    store.completeSubmit([2]);
    expect(ids(store)).toEqual([1, 3]);
    expect(store.getSnapshot().submitting.size).toBe(0);
    // The server hands the ref out again before the outbox has sent the result: not shown.
    await store.assign([{ id: 2 }, { id: 4 }]);
    expect(ids(store)).toEqual([1, 3, 4]);
  });

  it('a submitted item does not come back after a reset either', async () => {
    const { store } = setup(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    await store.assign([{ id: 1 }]);
    store.beginSubmit([1]);
    store.reset();
    store.completeSubmit([1]);
    await store.assign([{ id: 1 }]);
    expect(ids(store)).toEqual([]);
  });

  it('a submit that could not be stored keeps the items with the reason', async () => {
    const { store } = setup(async (refs) => refs.map((ref) => contentItem({ id: ref.id })));
    await store.assign([{ id: 1 }, { id: 2 }]);
    store.beginSubmit([1]);
    store.failSubmit([1], 'Not stored');
    expect(ids(store)).toEqual([1, 2]);
    expect(store.getSnapshot().items[0]?.submitError).toBe('Not stored');
    expect(store.getSnapshot().submitting.size).toBe(0);
    // It may be submitted again.
    expect(store.beginSubmit([1])).toHaveLength(1);
  });
});
