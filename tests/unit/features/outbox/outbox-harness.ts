import { IDBFactory } from 'fake-indexeddb';
import type {
  MediaLogRequest,
  ModeratedResult,
  SubmitItemResult,
} from '../../../../src/contract/content';
import type { OutboxLocks, OutboxTransport } from '../../../../src/features/outbox/outbox';
import type { ModeratedTimeRequest, OutboxEntry } from '../../../../src/lib/local-db';

/** A fresh, empty IndexedDB for each test. */
export function resetIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

export function result(contentId: number, userId = 1): ModeratedResult {
  return {
    content_id: contentId,
    moderated_status: { nudity: 1, violence: 0 },
    moderated_time: '2025-01-01T10:00:00.000Z',
    inbound_time: '2025-01-01T09:59:00.000Z',
    subscriber_id: 'sub-1',
    user_id: userId,
    total_contents: 1,
    username: `user${userId}`,
    is_batch_moderator: false,
  };
}

export function mediaLog(contentId: number, userId = 1): MediaLogRequest {
  return {
    action: 'play',
    user_id: userId,
    onEnlargedContent: false,
    content: { content_id: contentId, currentTime: 0, duration: 10 },
  };
}

export function moderatedTime(contentId: number, userId = 1): ModeratedTimeRequest {
  return { user_id: userId, content_id: contentId };
}

export type Call =
  | { kind: 'result'; payload: ModeratedResult[] }
  | { kind: 'media-log'; payload: MediaLogRequest }
  | { kind: 'moderated-time'; payload: ModeratedTimeRequest };

type ResultAnswer = (
  results: ModeratedResult[],
) => SubmitItemResult[] | Promise<SubmitItemResult[]>;

/**
 * A scriptable server: by default it stores every result. `failNext` makes the next calls throw;
 * `answerResults` replaces the per-item answers; `delayMs` keeps calls in flight.
 */
export class FakeTransport implements OutboxTransport {
  readonly calls: Call[] = [];
  private failures: unknown[] = [];
  answerResults: ResultAnswer = (results) => results.map((item) => stored(item));
  delayMs = 0;
  inFlight = 0;
  maxInFlight = 0;

  failNext(...errors: unknown[]): void {
    this.failures.push(...errors);
  }

  private async step<T>(call: Call, answer: () => T | Promise<T>): Promise<T> {
    this.calls.push(call);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      const failure = this.failures.shift();
      if (failure !== undefined) throw failure;
      return await answer();
    } finally {
      this.inFlight -= 1;
    }
  }

  submitResults(results: ModeratedResult[]) {
    return this.step({ kind: 'result', payload: results }, () => this.answerResults(results));
  }
  logMedia(payload: MediaLogRequest) {
    return this.step({ kind: 'media-log', payload }, () => undefined);
  }
  updateModeratedTime(payload: ModeratedTimeRequest) {
    return this.step({ kind: 'moderated-time', payload }, () => undefined);
  }

  /** Content ids of every result sent, in order, across calls. */
  sentResultIds(): number[] {
    return this.calls.flatMap((call) =>
      call.kind === 'result' ? call.payload.map((item) => item.content_id) : [],
    );
  }
}

export function stored(item: ModeratedResult): SubmitItemResult {
  return {
    content_id: item.content_id,
    idempotency_key: item.idempotency_key ?? null,
    status: 'stored',
    message: 'Stored.',
  };
}

/** Records scheduled backoff timers instead of running them. */
export class ManualScheduler {
  readonly delays: number[] = [];
  private pending: (() => void) | null = null;

  schedule = (callback: () => void, ms: number) => {
    this.delays.push(ms);
    this.pending = callback;
    return () => {
      if (this.pending === callback) this.pending = null;
    };
  };

  get hasPending(): boolean {
    return this.pending !== null;
  }

  fire(): void {
    const callback = this.pending;
    this.pending = null;
    callback?.();
  }
}

/** navigator.locks semantics that matter here: exclusive, granted in request order. */
export function fakeLocks(): OutboxLocks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name, callback) {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export function contentIdOf(entry: OutboxEntry): number {
  return entry.kind === 'media-log' ? entry.payload.content.content_id : entry.payload.content_id;
}
