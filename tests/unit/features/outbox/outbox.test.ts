import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox, type OutboxDeps } from '../../../../src/features/outbox/outbox';
import { DEFAULT_BACKOFF } from '../../../../src/features/outbox/retry-policy';
import { ApiError } from '../../../../src/lib/api-client';
import { openLocalDb, type LocalDb } from '../../../../src/lib/local-db';
import {
  FakeTransport,
  contentIdOf,
  ManualScheduler,
  fakeLocks,
  mediaLog,
  moderatedTime,
  resetIndexedDb,
  result,
  stored,
} from './outbox-harness';

const networkDown = () => new ApiError(0, 'The server cannot be reached.');
const http = (status: number, message = `HTTP ${status}`) => new ApiError(status, message);

let db: LocalDb;
let transport: FakeTransport;
let scheduler: ManualScheduler;
const outboxes: Outbox[] = [];
let keyCounter = 0;

function makeOutbox(overrides: Partial<OutboxDeps> = {}): Outbox {
  const outbox = createOutbox({
    openDb: async () => db,
    transport,
    locks: null,
    channel: null,
    schedule: scheduler.schedule,
    newKey: () => `key-${String(++keyCounter).padStart(4, '0')}`,
    // Exact delays: jitter has its own test in retry-policy.test.ts.
    backoff: { ...DEFAULT_BACKOFF, jitter: 0 },
    ...overrides,
  });
  outboxes.push(outbox);
  return outbox;
}

async function settled(outbox: Outbox): Promise<void> {
  await outbox.whenIdle();
}

beforeEach(async () => {
  resetIndexedDb();
  db = await openLocalDb();
  transport = new FakeTransport();
  scheduler = new ManualScheduler();
  keyCounter = 0;
});

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.dispose();
  db.close();
});

describe('enqueue', () => {
  it('stores the entry with a device-made idempotency key before resolving', async () => {
    const outbox = makeOutbox({ now: () => 1_700_000_000_000 });
    const key = await outbox.enqueue('result', result(7));

    const entries = await db.getAll('outbox');
    expect(entries).toEqual([
      {
        seq: 1,
        idempotencyKey: key,
        kind: 'result',
        payload: { ...result(7), idempotency_key: key },
        userId: 1,
        createdAt: 1_700_000_000_000,
        attempts: 0,
        lastError: null,
      },
    ]);
    // Nobody signed in yet: nothing is sent.
    expect(transport.calls).toEqual([]);
  });

  it('uses crypto.randomUUID by default', async () => {
    const outbox = makeOutbox({ newKey: undefined });
    const key = await outbox.enqueue('result', result(1));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends at once when a user is signed in', async () => {
    const outbox = makeOutbox();
    outbox.setUser(1);
    await outbox.enqueue('result', result(1));
    await settled(outbox);
    expect(transport.sentResultIds()).toEqual([1]);
    expect(await db.count('outbox')).toBe(0);
    expect(outbox.getSnapshot()).toMatchObject({ waiting: 0, sending: false, lastError: null });
  });
});

describe('enqueueAll', () => {
  it('stores every entry in order with its own key, then sends them as one batch', async () => {
    const outbox = makeOutbox();
    const keys = await outbox.enqueueAll('result', [result(4), result(5), result(6)]);
    expect(keys).toEqual(['key-0001', 'key-0002', 'key-0003']);
    const entries = await db.getAll('outbox');
    expect(entries.map((entry) => [entry.seq, entry.payload.idempotency_key])).toEqual([
      [1, 'key-0001'],
      [2, 'key-0002'],
      [3, 'key-0003'],
    ]);
    outbox.setUser(1);
    await settled(outbox);
    expect(transport.calls).toHaveLength(1);
    expect(transport.sentResultIds()).toEqual([4, 5, 6]);
    expect(await db.count('outbox')).toBe(0);
  });

  it('stores none of them when the device refuses one', async () => {
    const outbox = makeOutbox({ newKey: () => 'same-key-for-all' });
    await expect(outbox.enqueueAll('result', [result(1), result(2)])).rejects.toThrow();
    expect(await db.count('outbox')).toBe(0);
  });
});

describe('ordering and batching', () => {
  it('replays oldest first: results, then moderated time, then media logs', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue('media-log', mediaLog(1));
    await outbox.enqueue('result', result(1));
    await outbox.enqueue('moderated-time', moderatedTime(1));
    await outbox.enqueue('result', result(2));
    await outbox.enqueue('media-log', mediaLog(2));
    await outbox.enqueue('moderated-time', moderatedTime(2));
    await outbox.enqueue('result', result(3));

    outbox.setUser(1);
    await settled(outbox);

    expect(
      transport.calls.map((call) => {
        switch (call.kind) {
          case 'result':
            return `result:${call.payload.map((item) => item.content_id).join(',')}`;
          case 'media-log':
            return `media-log:${call.payload.content.content_id}`;
          case 'moderated-time':
            return `moderated-time:${call.payload.content_id}`;
        }
      }),
    ).toEqual([
      'result:1,2,3',
      'moderated-time:1',
      'moderated-time:2',
      'media-log:1',
      'media-log:2',
    ]);
    expect(await db.count('outbox')).toBe(0);
  });

  it('sends results in batches of at most 100, in order', async () => {
    const outbox = makeOutbox();
    for (let id = 1; id <= 250; id += 1) await outbox.enqueue('result', result(id));

    outbox.setUser(1);
    await settled(outbox);

    const sizes = transport.calls.map((call) => (call.kind === 'result' ? call.payload.length : 0));
    expect(sizes).toEqual([100, 100, 50]);
    expect(transport.sentResultIds()).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(await db.count('outbox')).toBe(0);
  });

  it('collects results enqueued while a request is in flight into the next batch', async () => {
    const outbox = makeOutbox();
    outbox.setUser(1);
    transport.delayMs = 20;
    await Promise.all([1, 2, 3, 4, 5].map((id) => outbox.enqueue('result', result(id))));
    await settled(outbox);
    expect(transport.sentResultIds()).toEqual([1, 2, 3, 4, 5]);
    expect(transport.calls.length).toBeLessThan(5);
    expect(transport.maxInFlight).toBe(1);
  });
});

describe('retry classification', () => {
  it.each([
    ['a network error', networkDown()],
    ['503 maintenance', http(503)],
    ['500', http(500)],
    ['429', http(429)],
    ['a broken answer', new TypeError('bad JSON')],
  ])('keeps the entries on %s and retries with backoff', async (_label, error) => {
    const outbox = makeOutbox();
    await outbox.enqueue('result', result(1));
    await outbox.enqueue('result', result(2));
    transport.failNext(error);

    outbox.setUser(1);
    await settled(outbox);

    const kept = await db.getAll('outbox');
    expect(kept.map((entry) => [contentIdOf(entry), entry.attempts])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(kept[0]?.lastError).toBe((error as Error).message);
    expect(scheduler.delays).toEqual([1_000]);
    expect(outbox.getSnapshot()).toMatchObject({ waiting: 2, waitingResults: 2 });
    expect(outbox.getSnapshot().nextRetryAt).not.toBeNull();

    scheduler.fire();
    await settled(outbox);
    expect(await db.count('outbox')).toBe(0);
    expect(outbox.getSnapshot()).toMatchObject({ waiting: 0, lastError: null, nextRetryAt: null });
  });

  it('doubles the backoff up to 60 s and resets it after a success', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue('result', result(1));
    transport.failNext(...Array.from({ length: 9 }, networkDown));

    outbox.setUser(1);
    await settled(outbox);
    for (let i = 0; i < 8; i += 1) {
      scheduler.fire();
      await settled(outbox);
    }
    expect(scheduler.delays).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);

    scheduler.fire();
    await settled(outbox);
    expect(await db.count('outbox')).toBe(0);

    await outbox.enqueue('result', result(2));
    transport.failNext(networkDown());
    await outbox.replay();
    await settled(outbox);
    expect(scheduler.delays.at(-1)).toBe(1_000);
  });

  it('sends the same idempotency key on every retry', async () => {
    const outbox = makeOutbox();
    const key = await outbox.enqueue('result', result(1));
    transport.failNext(networkDown(), http(503), http(502));
    outbox.setUser(1);
    await settled(outbox);
    for (let i = 0; i < 3; i += 1) {
      scheduler.fire();
      await settled(outbox);
    }
    const keys = transport.calls.map((call) =>
      call.kind === 'result' ? call.payload[0]?.idempotency_key : undefined,
    );
    expect(keys).toEqual([key, key, key, key]);
    expect(await db.count('outbox')).toBe(0);
  });

  it('moves entries refused with a 4xx to needs attention with the reason', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue('moderated-time', moderatedTime(9));
    await outbox.enqueue('media-log', mediaLog(9));
    transport.failNext(http(403, 'You may not moderate.'), http(404, 'No such endpoint'));

    outbox.setUser(1);
    await settled(outbox);

    expect(await db.count('outbox')).toBe(0);
    const attention = outbox.getSnapshot().attention;
    expect(
      attention.map((entry) => [entry.kind, entry.code, entry.reason, entry.attempts]),
    ).toEqual([
      ['moderated-time', 'http_403', 'You may not moderate.', 1],
      ['media-log', 'http_404', 'No such endpoint', 1],
    ]);
    expect(scheduler.delays).toEqual([]);
  });

  it('retries a refused batch item by item so only the bad item needs attention', async () => {
    const outbox = makeOutbox();
    for (const id of [1, 2, 3]) await outbox.enqueue('result', result(id));
    transport.failNext(http(422, 'moderated_time: invalid'), undefined, http(422, 'bad item 2'));

    outbox.setUser(1);
    await settled(outbox);

    expect(
      transport.calls.map((call) => (call.kind === 'result' ? call.payload.length : 0)),
    ).toEqual([3, 1, 1, 1]);
    expect(await db.count('outbox')).toBe(0);
    const attention = outbox.getSnapshot().attention;
    expect(attention).toHaveLength(1);
    expect(attention[0]).toMatchObject({ code: 'http_422', reason: 'bad item 2' });
    expect(attention[0]?.kind === 'result' && attention[0].payload.content_id).toBe(2);
  });

  it('reads per-item outcomes: stored and duplicate leave, the others need attention', async () => {
    const outbox = makeOutbox();
    for (const id of [1, 2, 3, 4, 5, 6, 7]) await outbox.enqueue('result', result(id));
    transport.answerResults = (items) =>
      items.map((item) => {
        const status = (
          {
            1: 'stored',
            2: 'duplicate',
            3: 'already_decided',
            4: 'lease_moved',
            5: 'unknown_content',
            6: 'not_assigned',
            7: 'key_reused',
          } as const
        )[item.content_id as 1 | 2 | 3 | 4 | 5 | 6 | 7];
        return { ...stored(item), status, message: `answer ${status}` };
      });

    outbox.setUser(1);
    await settled(outbox);

    expect(await db.count('outbox')).toBe(0);
    expect(outbox.getSnapshot().attention.map((entry) => [entry.code, entry.reason])).toEqual([
      ['already_decided', 'answer already_decided'],
      ['lease_moved', 'answer lease_moved'],
      ['unknown_content', 'answer unknown_content'],
      ['not_assigned', 'answer not_assigned'],
      ['key_reused', 'answer key_reused'],
    ]);
  });

  it('keeps items the server did not answer for and retries them', async () => {
    const outbox = makeOutbox();
    for (const id of [1, 2]) await outbox.enqueue('result', result(id));
    transport.answerResults = (items) => items.slice(0, 1).map((item) => stored(item));

    outbox.setUser(1);
    await settled(outbox);
    const kept = await db.getAll('outbox');
    expect(kept.map(contentIdOf)).toEqual([2]);
    expect(kept[0]?.attempts).toBe(1);
    expect(scheduler.delays).toEqual([1_000]);
  });

  it('pauses on 401 without moving or dropping anything', async () => {
    const outbox = makeOutbox();
    await outbox.enqueue('result', result(1));
    transport.failNext(http(401, 'Sign in again'));

    outbox.setUser(1);
    await settled(outbox);

    expect(await db.count('outbox')).toBe(1);
    expect(outbox.getSnapshot().attention).toEqual([]);
    expect(scheduler.hasPending).toBe(false);
  });
});

describe('the needs-attention list', () => {
  async function withOneRefused(outbox: Outbox): Promise<string> {
    const key = await outbox.enqueue('result', result(1));
    transport.failNext(http(409, 'The lease moved to another operator.'));
    outbox.setUser(1);
    await settled(outbox);
    return key;
  }

  it('puts an entry back in its place on retry, with the same key', async () => {
    const outbox = makeOutbox();
    const key = await withOneRefused(outbox);
    await outbox.enqueue('result', result(2)); // sent; entry 1 waits in the list

    await outbox.retryAttention(key);
    await settled(outbox);

    expect(outbox.getSnapshot().attention).toEqual([]);
    expect(transport.sentResultIds()).toEqual([1, 2, 1]);
    const last = transport.calls.at(-1);
    expect(last?.kind === 'result' && last.payload[0]?.idempotency_key).toBe(key);
    expect(await db.count('outbox')).toBe(0);
  });

  it('drops an entry only when the operator dismisses it', async () => {
    const outbox = makeOutbox();
    const key = await withOneRefused(outbox);
    expect(await db.count('outbox-attention')).toBe(1);
    await outbox.dismissAttention(key);
    expect(await db.count('outbox-attention')).toBe(0);
    expect(outbox.getSnapshot().attention).toEqual([]);
  });
});

describe('users', () => {
  it("sends and counts only the signed-in user's entries", async () => {
    const outbox = makeOutbox();
    await outbox.enqueue('result', result(1, 1));
    await outbox.enqueue('result', result(2, 2));
    await outbox.enqueue('media-log', mediaLog(3, 2));

    outbox.setUser(2);
    await settled(outbox);
    expect(transport.calls.map((call) => call.kind)).toEqual(['result', 'media-log']);
    expect(transport.sentResultIds()).toEqual([2]);
    expect((await db.getAll('outbox')).map((entry) => entry.userId)).toEqual([1]);
    expect(outbox.getSnapshot()).toMatchObject({ userId: 2, waiting: 0 });
  });

  it('keeps entries through sign-out and sends them at the same user’s next sign-in', async () => {
    const outbox = makeOutbox();
    outbox.setUser(1);
    transport.failNext(networkDown());
    await outbox.enqueue('result', result(1));
    await settled(outbox);
    expect(outbox.getSnapshot().waiting).toBe(1);

    outbox.setUser(null);
    await settled(outbox);
    expect(outbox.getSnapshot()).toMatchObject({ userId: null, waiting: 0 });
    expect(scheduler.hasPending).toBe(false);
    expect(await db.count('outbox')).toBe(1);

    outbox.setUser(2);
    await settled(outbox);
    expect(transport.calls).toHaveLength(1);
    expect(await db.count('outbox')).toBe(1);

    outbox.setUser(1);
    await settled(outbox);
    expect(transport.sentResultIds()).toEqual([1, 1]);
    expect(await db.count('outbox')).toBe(0);
  });
});

describe('persistence', () => {
  it('keeps waiting entries across a reopen of the database (a reload)', async () => {
    const first = makeOutbox();
    const keys = [
      await first.enqueue('result', result(1)),
      await first.enqueue('moderated-time', moderatedTime(1)),
    ];
    first.dispose();
    db.close();

    db = await openLocalDb();
    const second = makeOutbox();
    second.setUser(1);
    await settled(second);
    expect(transport.calls.map((call) => call.kind)).toEqual(['result', 'moderated-time']);
    const firstCall = transport.calls[0];
    expect(firstCall?.kind === 'result' && firstCall.payload[0]?.idempotency_key).toBe(keys[0]);
    expect(await db.count('outbox')).toBe(0);
  });
});

describe('one sender', () => {
  it('never has two requests in flight in one tab', async () => {
    const outbox = makeOutbox();
    transport.delayMs = 5;
    for (let id = 1; id <= 5; id += 1) await outbox.enqueue('result', result(id));
    outbox.setUser(1);
    await Promise.all([outbox.replay(), outbox.replay(), outbox.replay()]);
    await settled(outbox);
    expect(transport.maxInFlight).toBe(1);
    expect(transport.sentResultIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends each entry once when two tabs replay together under the lock', async () => {
    const locks = fakeLocks();
    const tabA = makeOutbox({ locks });
    const tabB = makeOutbox({ locks });
    transport.delayMs = 5;
    for (let id = 1; id <= 150; id += 1) await tabA.enqueue('result', result(id));

    tabA.setUser(1);
    tabB.setUser(1);
    await Promise.all([tabA.replay(), tabB.replay(), tabA.whenIdle(), tabB.whenIdle()]);

    expect(transport.maxInFlight).toBe(1);
    expect(transport.sentResultIds()).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
  });

  it('reports sending while a request is in flight', async () => {
    const outbox = makeOutbox();
    transport.delayMs = 20;
    const seen: boolean[] = [];
    outbox.subscribe(() => seen.push(outbox.getSnapshot().sending));
    outbox.setUser(1);
    await outbox.enqueue('result', result(1));
    await settled(outbox);
    expect(seen).toContain(true);
    expect(outbox.getSnapshot().sending).toBe(false);
  });
});

describe('across tabs', () => {
  it('refreshes counts when another tab changes the outbox', async () => {
    const listeners = new Set<() => void>();
    const bus = () => ({
      notify: () => listeners.forEach((listener) => listener()),
      listen: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => undefined,
    });
    const tabA = makeOutbox({ channel: bus() });
    const tabB = makeOutbox({ channel: bus() });
    tabB.setUser(1);
    transport.failNext(networkDown());
    tabA.setUser(1);
    await tabA.enqueue('result', result(1));
    await settled(tabA);
    await settled(tabB);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tabB.getSnapshot().waiting).toBe(1);
  });
});
