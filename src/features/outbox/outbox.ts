/**
 * The outbox: every moderated result, media-log event and moderated-time update goes through it,
 * online or not. Rules:
 *
 * - enqueue writes the entry to IndexedDB (strict durability) before it resolves, with an
 *   idempotency key made on the device. The key is in the stored payload, so every retry sends
 *   the same key and the server stores the entry once.
 * - Replay sends one user's entries oldest first within each kind (results, then moderated time,
 *   then media logs); results go in batches of up to 100, the others one per request.
 * - An entry leaves the outbox only when the server acknowledged it (for results: a per-item
 *   status in ACKNOWLEDGED_OUTCOMES), or when it moves to the needs-attention list with the
 *   server's reason (a 4xx, or a result outcome that will never succeed). Only the operator
 *   removes entries from that list. See retry-policy.ts for how failures are read.
 * - A 4xx for a whole batch is retried item by item, so one bad item cannot sink the others.
 * - Triggers: enqueue, setUser (page load and sign-in), and whatever the app wires to `replay`
 *   (online event, socket reconnect); after a failed pass a backoff timer (1 s doubling to 60 s,
 *   each up to half shorter at random so devices do not retry in step; reset by a successful
 *   pass).
 * - One sender: passes never overlap within a tab, and across tabs they hold a Web Lock.
 * - Entries belong to the user id in their payload. Only the signed-in user's entries are sent or
 *   counted; signing out stops sending and keeps them for that user's next sign-in.
 * - Storage, transport, locks, timers and the cross-tab channel are injected, so the rules are
 *   unit-tested without a browser or a server.
 */
import type { MediaLogRequest, ModeratedResult, SubmitItemResult } from '../../contract/content';
import {
  ATTENTION_STORE,
  OUTBOX_KINDS,
  OUTBOX_STORE,
  type AttentionEntry,
  type LocalDb,
  type ModeratedTimeRequest,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxKind,
  type OutboxPayloads,
} from '../../lib/local-db';
import {
  DEFAULT_BACKOFF,
  backoffDelay,
  classifyFailure,
  failureCode,
  failureMessage,
  isAcknowledged,
  type BackoffOptions,
  type FailureVerdict,
} from './retry-policy';

export const RESULT_BATCH_SIZE = 100;
export const OUTBOX_LOCK_NAME = 'moderation-console-outbox';
export const OUTBOX_CHANNEL_NAME = 'moderation-console-outbox';

/** The three calls of SPEC §7 the outbox makes. Failures throw (ApiError for HTTP answers). */
export interface OutboxTransport {
  submitResults(results: ModeratedResult[]): Promise<SubmitItemResult[]>;
  logMedia(payload: MediaLogRequest): Promise<void>;
  updateModeratedTime(payload: ModeratedTimeRequest): Promise<void>;
}

/** Tells other tabs that the stored entries changed, so their counts follow. */
export interface OutboxChannel {
  notify(): void;
  listen(onChange: () => void): () => void;
  close(): void;
}

export interface OutboxLocks {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

export interface OutboxDeps {
  openDb: () => Promise<LocalDb>;
  transport: OutboxTransport;
  /** Default: navigator.locks when the browser has it. null: in-tab exclusion only. */
  locks?: OutboxLocks | null;
  /** Default: a BroadcastChannel when the browser has it. */
  channel?: OutboxChannel | null;
  newKey?: () => string;
  now?: () => number;
  /** Runs `callback` after `ms`; returns a cancel function. Default: setTimeout. */
  schedule?: (callback: () => void, ms: number) => () => void;
  backoff?: BackoffOptions;
  resultBatchSize?: number;
}

export interface OutboxSnapshot {
  userId: number | null;
  /** The signed-in user's waiting entries of every kind. */
  waiting: number;
  /** Of those, moderated results: the submissions the operator made. */
  waitingResults: number;
  /** This tab is sending right now. */
  sending: boolean;
  attention: readonly AttentionEntry[];
  lastError: string | null;
  /** Epoch ms of the next backoff attempt, when one is scheduled. */
  nextRetryAt: number | null;
}

export interface Outbox {
  /** Stores the entry and resolves with its idempotency key; sending starts in the background. */
  enqueue<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K]): Promise<string>;
  /** Stores all entries in one transaction (all or none); resolves with their keys in order. */
  enqueueAll<K extends OutboxKind>(
    kind: K,
    payloads: readonly OutboxPayloads[K][],
  ): Promise<string[]>;
  /** Whose entries to send and count; null when nobody is signed in. */
  setUser(userId: number | null): void;
  /** Starts a pass now (or right after the running one); resolves when sending stops. */
  replay(): Promise<void>;
  /** Puts a needs-attention entry back into the queue, in its original place. */
  retryAttention(idempotencyKey: string): Promise<void>;
  /** The operator's explicit decision to drop a needs-attention entry. */
  dismissAttention(idempotencyKey: string): Promise<void>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): OutboxSnapshot;
  /** Resolves once this tab is not sending (and counts are fresh). */
  whenIdle(): Promise<void>;
  dispose(): void;
}

type PassResult = 'done' | 'skipped' | Exclude<FailureVerdict, 'attention'>;
type EntryOf<K extends OutboxKind> = Extract<OutboxEntry, { kind: K }>;

interface Settlement {
  remove: OutboxEntry[];
  toAttention: { entry: OutboxEntry; code: string; reason: string }[];
  keep: { entry: OutboxEntry; error: string }[];
}

const EMPTY_SNAPSHOT: OutboxSnapshot = {
  userId: null,
  waiting: 0,
  waitingResults: 0,
  sending: false,
  attention: [],
  lastError: null,
  nextRetryAt: null,
};

function defaultLocks(): OutboxLocks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export function broadcastOutboxChannel(): OutboxChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  return {
    notify: () => channel.postMessage('changed'),
    listen(onChange) {
      const handler = () => onChange();
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}

function defaultSchedule(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const now = deps.now ?? Date.now;
  const schedule = deps.schedule ?? defaultSchedule;
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  const channel = deps.channel === undefined ? broadcastOutboxChannel() : deps.channel;
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const resultBatchSize = deps.resultBatchSize ?? RESULT_BATCH_SIZE;
  const { transport } = deps;

  let userId: number | null = null;
  let snapshot = EMPTY_SNAPSHOT;
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let cancelTimer: (() => void) | null = null;
  let disposed = false;
  let refreshing: Promise<void> = Promise.resolve();
  let refreshGeneration = 0;

  function publish(patch: Partial<OutboxSnapshot>): void {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  }

  async function readCounts(): Promise<void> {
    const user = userId;
    const generation = ++refreshGeneration;
    if (user === null) {
      publish({ waiting: 0, waitingResults: 0, attention: [] });
      return;
    }
    const db = await deps.openDb();
    const tx = db.transaction([OUTBOX_STORE, ATTENTION_STORE]);
    const outbox = tx.objectStore(OUTBOX_STORE);
    const [waiting, waitingResults, attention] = await Promise.all([
      outbox.index('by-user').count(user),
      outbox.index('by-user-kind').count([user, 'result']),
      tx.objectStore(ATTENTION_STORE).index('by-user').getAll(user),
      tx.done,
    ]);
    // A newer read (or another user) has started meanwhile: its answer wins.
    if (generation !== refreshGeneration || user !== userId) return;
    attention.sort((a, b) => a.seq - b.seq);
    publish({ waiting, waitingResults, attention });
  }

  function refresh(): Promise<void> {
    refreshing = readCounts().catch((error: unknown) =>
      publish({ lastError: failureMessage(error) }),
    );
    return refreshing;
  }

  async function changed(): Promise<void> {
    channel?.notify();
    await refresh();
  }

  const unlisten = channel?.listen(() => void refresh());

  async function settle({ remove, toAttention, keep }: Settlement): Promise<void> {
    if (remove.length + toAttention.length + keep.length === 0) return;
    const db = await deps.openDb();
    const tx = db.transaction([OUTBOX_STORE, ATTENTION_STORE], 'readwrite', {
      durability: 'strict',
    });
    const outbox = tx.objectStore(OUTBOX_STORE);
    const attention = tx.objectStore(ATTENTION_STORE);
    const movedAt = now();
    await Promise.all([
      ...remove.map((entry) => outbox.delete(entry.seq)),
      ...toAttention.flatMap(({ entry, code, reason }) => [
        attention.put({ ...entry, attempts: entry.attempts + 1, code, reason, movedAt }),
        outbox.delete(entry.seq),
      ]),
      ...keep.map(({ entry, error }) =>
        outbox.put({ ...entry, attempts: entry.attempts + 1, lastError: error }),
      ),
      tx.done,
    ]);
  }

  /** A request failed as a whole: keep the entries, or move them to needs attention. */
  async function settleFailure(entries: OutboxEntry[], error: unknown): Promise<PassResult> {
    const verdict = classifyFailure(error);
    const reason = failureMessage(error);
    if (verdict === 'attention') {
      const code = failureCode(error);
      await settle({
        remove: [],
        toAttention: entries.map((entry) => ({ entry, code, reason })),
        keep: [],
      });
      return 'done';
    }
    await settle({
      remove: [],
      toAttention: [],
      keep: entries.map((entry) => ({ entry, error: reason })),
    });
    publish({ lastError: reason });
    return verdict;
  }

  async function sendResults(entries: EntryOf<'result'>[]): Promise<PassResult> {
    let answers: SubmitItemResult[];
    try {
      answers = await transport.submitResults(entries.map((entry) => entry.payload));
    } catch (error) {
      if (entries.length > 1 && classifyFailure(error) === 'attention') {
        // The server refused the batch: find the item it refuses by sending them one by one.
        for (const entry of entries) {
          const result = await sendResults([entry]);
          if (result !== 'done') return result;
        }
        return 'done';
      }
      return settleFailure(entries, error);
    }
    const open = new Map(entries.map((entry) => [entry.idempotencyKey, entry]));
    const settlement: Settlement = { remove: [], toAttention: [], keep: [] };
    for (const answer of answers) {
      const entry = answer.idempotency_key
        ? open.get(answer.idempotency_key)
        : [...open.values()].find(
            (candidate) => candidate.payload.content_id === answer.content_id,
          );
      if (!entry) continue;
      open.delete(entry.idempotencyKey);
      if (isAcknowledged(answer.status)) settlement.remove.push(entry);
      else settlement.toAttention.push({ entry, code: answer.status, reason: answer.message });
    }
    // Items the server did not answer for stay and are sent again after the backoff.
    for (const entry of open.values()) {
      settlement.keep.push({ entry, error: 'The server did not answer for this item.' });
    }
    await settle(settlement);
    if (open.size > 0) {
      publish({ lastError: 'The server did not answer for every item.' });
      return 'retry';
    }
    return 'done';
  }

  async function sendOne(entry: OutboxEntry, call: () => Promise<void>): Promise<PassResult> {
    try {
      await call();
    } catch (error) {
      return settleFailure([entry], error);
    }
    await settle({ remove: [entry], toAttention: [], keep: [] });
    return 'done';
  }

  function send(batch: OutboxEntry[]): Promise<PassResult> {
    const first = batch[0];
    if (!first) return Promise.resolve('done');
    switch (first.kind) {
      case 'result':
        return sendResults(batch as EntryOf<'result'>[]);
      case 'media-log':
        return sendOne(first, () => transport.logMedia(first.payload));
      case 'moderated-time':
        return sendOne(first, () => transport.updateModeratedTime(first.payload));
    }
  }

  async function readBatch(user: number, kind: OutboxKind): Promise<OutboxEntry[]> {
    const db = await deps.openDb();
    const count = kind === 'result' ? resultBatchSize : 1;
    // Index order is (userId, kind) then the primary key seq: oldest first.
    return db.getAllFromIndex(OUTBOX_STORE, 'by-user-kind', [user, kind], count);
  }

  async function pass(user: number): Promise<PassResult> {
    publish({ sending: true });
    try {
      for (const kind of OUTBOX_KINDS) {
        for (;;) {
          if (disposed || userId !== user) return 'skipped';
          const batch = await readBatch(user, kind);
          if (batch.length === 0) break;
          const result = await send(batch);
          await changed();
          if (result !== 'done') return result;
        }
      }
      return 'done';
    } catch (error) {
      // Storage failed (quota, a closed connection): keep everything and try again later.
      publish({ lastError: failureMessage(error) });
      return 'retry';
    } finally {
      publish({ sending: false });
    }
  }

  function withLock(run: () => Promise<PassResult>): Promise<PassResult> {
    if (!locks) return run();
    return locks.request(OUTBOX_LOCK_NAME, run) as Promise<PassResult>;
  }

  function afterPass(result: PassResult): void {
    if (result === 'done') {
      failures = 0;
      publish({ lastError: null, nextRetryAt: null });
    } else if (result === 'retry') {
      failures += 1;
      const delay = backoffDelay(failures, backoff);
      publish({ nextRetryAt: now() + delay });
      cancelTimer = schedule(() => {
        cancelTimer = null;
        void replay();
      }, delay);
    }
  }

  /** All or nothing: one strict-durability transaction, so a failure leaves none of them queued. */
  async function enqueueAll<K extends OutboxKind>(
    kind: K,
    payloads: readonly OutboxPayloads[K][],
  ): Promise<string[]> {
    const entries = payloads.map((payload) => {
      const idempotencyKey = newKey();
      return {
        idempotencyKey,
        kind,
        payload: { ...payload, idempotency_key: idempotencyKey },
        userId: payload.user_id,
        createdAt: now(),
        attempts: 0,
        lastError: null,
      } as NewOutboxEntry;
    });
    if (entries.length === 0) return [];
    const db = await deps.openDb();
    const tx = db.transaction(OUTBOX_STORE, 'readwrite', { durability: 'strict' });
    // seq is assigned by IndexedDB (autoIncrement keyPath).
    await Promise.all([...entries.map((entry) => tx.store.add(entry as OutboxEntry)), tx.done]);
    void changed();
    void replay();
    return entries.map((entry) => entry.idempotencyKey);
  }

  function replay(): Promise<void> {
    if (disposed || userId === null) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    cancelTimer?.();
    cancelTimer = null;
    const loop = async () => {
      let result: PassResult;
      let user: number | null;
      do {
        again = false;
        user = userId;
        if (user === null) return;
        const passUser = user;
        result = await withLock(() => pass(passUser)).catch((error: unknown) => {
          publish({ lastError: failureMessage(error) });
          return 'retry' as const;
        });
        // Go on while entries kept arriving, or when the user changed during the pass.
      } while (
        !disposed &&
        ((again && (result === 'done' || result === 'skipped')) || user !== userId)
      );
      if (!disposed && user === userId) afterPass(result);
    };
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async enqueue(kind, payload) {
      const [idempotencyKey] = await enqueueAll(kind, [payload]);
      return idempotencyKey as string;
    },

    enqueueAll,

    setUser(next) {
      if (next === userId) return;
      userId = next;
      failures = 0;
      cancelTimer?.();
      cancelTimer = null;
      publish({ ...EMPTY_SNAPSHOT, userId: next, sending: snapshot.sending });
      void refresh();
      void replay();
    },

    replay,

    async retryAttention(idempotencyKey) {
      const db = await deps.openDb();
      const tx = db.transaction([OUTBOX_STORE, ATTENTION_STORE], 'readwrite', {
        durability: 'strict',
      });
      const attention = tx.objectStore(ATTENTION_STORE);
      const found = await attention.get(idempotencyKey);
      if (found) {
        const { reason: _reason, code: _code, movedAt: _movedAt, ...entry } = found;
        // Same seq as before, so it goes out ahead of what was queued after it.
        await Promise.all([
          tx.objectStore(OUTBOX_STORE).add({ ...entry, lastError: null } as OutboxEntry),
          attention.delete(idempotencyKey),
        ]);
      }
      await tx.done;
      await changed();
      void replay();
    },

    async dismissAttention(idempotencyKey) {
      const db = await deps.openDb();
      await db.delete(ATTENTION_STORE, idempotencyKey);
      await changed();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => snapshot,

    async whenIdle() {
      while (running) await running;
      await refreshing;
    },

    dispose() {
      disposed = true;
      cancelTimer?.();
      cancelTimer = null;
      unlisten?.();
      channel?.close();
      listeners.clear();
    },
  };
}
