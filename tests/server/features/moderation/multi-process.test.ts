import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { SubmitItemResult } from '../../../../src/contract/content';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import type { Database } from '../../../../server/db/database';
import { openPostgresDatabase } from '../../../../server/db/postgres-database';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { auditQueue, installAssignmentLog, QueueClientRecord } from '../../../support/queue-audit';
import { expectRollupsAsRebuilt } from '../../../support/report-oracle';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, type TestServer } from '../../../support/test-server';
import {
  fetchContents,
  ingestItems,
  ingestTexts,
  moderatedResult,
  openModerationSocket,
  requestContent,
  SocketRecorder,
  submitResults,
  takeModeration,
  textItem,
  waitFor,
} from '../../../support/protocol';

const isPostgres = inject('testDatabase').kind === 'postgres';
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * One operator's whole protocol until the queue is empty; answers what it was handed. In batch
 * mode one submit carries every item of a claim, in single mode one submit per item (the two load
 * shapes of the queue bench). `record` keeps what the operator saw, for auditQueue.
 */
async function moderateUntilEmpty(
  server: TestServer,
  db: Database,
  operator: TestOperator,
  { mode = 'batch', record }: { mode?: 'batch' | 'single'; record?: QueueClientRecord } = {},
): Promise<{ handed: number[]; outcomes: SubmitItemResult[] }> {
  const socket = await openModerationSocket(server.baseUrl, operator);
  const handed: number[] = [];
  const outcomes: SubmitItemResult[] = [];
  try {
    expect(await takeModeration(socket, operator.id)).toBe(true);
    for (let round = 0; round < 500; round += 1) {
      const ids = await requestContent(socket, operator.id, 6, { timeoutMs: 1_500 }).catch(
        () => [],
      );
      record?.handedTo(operator.id, ids);
      if (ids.length === 0) {
        const pending = await db.query<{ n: number }>(
          "select count(*)::int as n from contents where status <> 'decided'",
        );
        if ((pending[0]?.n ?? 0) === 0) break;
        continue;
      }
      handed.push(...ids);
      const items = await fetchContents(operator.client, ids);
      const results = items.map((item) =>
        moderatedResult(operator, item.id, {
          moderated_status: { spam: 1 },
          subscriber_id: 'sub',
          total_contents: ids.length,
          is_batch_moderator: mode === 'batch',
          idempotency_key: randomBytes(8).toString('hex'),
        }),
      );
      const groups = mode === 'batch' ? [results] : results.map((result) => [result]);
      for (const group of groups) {
        if (group.length === 0) continue;
        const answer = await submitResults(operator.client, group);
        expect(answer.status).toBe(200);
        for (const result of group) record?.acknowledgedKeys.push(result.idempotency_key ?? '');
        outcomes.push(...answer.body.data);
        for (const item of answer.body.data) {
          if (item.status === 'stored') record?.storedFor(operator.id, item.content_id);
        }
      }
    }
  } finally {
    socket.close();
  }
  return { handed: [...new Set(handed)], outcomes };
}

describe.skipIf(!isPostgres)('two server processes on one PostgreSQL', () => {
  let prepared: PreparedTestDatabase;
  let dbs: Database[] = [];
  let servers: TestServer[] = [];

  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    const url = prepared.env.DATABASE_URL ?? '';
    dbs = [openPostgresDatabase(url, { poolSize: 8 }), openPostgresDatabase(url, { poolSize: 8 })];
    const env = { DEMO_FEEDER: '0', LEASE_GRACE_SECONDS: '30' };
    servers = [
      await startTestServer(dbs[0] as Database, env),
      await startTestServer(dbs[1] as Database, env),
    ];
  });
  afterAll(async () => {
    // Every pool closes before the database is dropped `with (force)`: a connection still open
    // then would be terminated under the pool's feet (57P01).
    try {
      await Promise.all(servers.map((server) => server.close()));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await prepared?.dispose();
    }
  });

  it('hands a pool of items out concurrently with no item given to two operators', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const db = dbs[0] as Database;
    const { token } = await createTestService(db);
    const pool = await ingestTexts(a.baseUrl, token, 300);
    const operators = await Promise.all(
      Array.from({ length: 16 }, (_, n) => createOperator(db, (n % 2 ? b : a).baseUrl)),
    );
    const runs = await Promise.all(
      operators.map((operator, n) => moderateUntilEmpty(n % 2 ? b : a, db, operator)),
    );

    const owner = new Map<number, number>();
    for (const [n, run] of runs.entries()) {
      for (const id of run.handed) {
        expect(owner.get(id), `item ${id} handed to two operators`).toBeUndefined();
        owner.set(id, n);
      }
    }
    expect([...owner.keys()].sort((x, y) => x - y)).toEqual(pool);
    const outcomes = runs.flatMap((run) => run.outcomes.map((item) => item.status));
    expect(outcomes.filter((status) => status === 'stored')).toHaveLength(300);
    expect(outcomes.filter((status) => status !== 'stored')).toEqual([]);
    const decided = await db.query<{ n: number; users: number }>(
      `select count(*)::int as n, count(distinct decided_by)::int as users
         from contents where status = 'decided' and id = any($1::bigint[])`,
      [pool],
    );
    expect(decided[0]?.n).toBe(300);
    // Both processes did real work.
    expect(runs.filter((run, n) => n % 2 === 1 && run.handed.length > 0).length).toBeGreaterThan(0);
    expect(runs.filter((run, n) => n % 2 === 0 && run.handed.length > 0).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!redisUrl)('two server processes with the Redis adapter', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let servers: TestServer[] = [];
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    // Its own channel prefix: other runs on the same Redis never see these events.
    const env = {
      DEMO_FEEDER: '0',
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    };
    servers = [await startTestServer(db, env), await startTestServer(db, env)];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    try {
      await Promise.all(servers.map((server) => server.close()));
    } finally {
      // Closes the pool, then drops the database.
      await prepared?.dispose();
    }
  });

  const open = async (server: TestServer, operator: TestOperator) => {
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      operator.cookie,
    );
    sockets.push(socket);
    await socket.next('moderation-status');
    return socket;
  };
  const holderIs = (id: string | null) => (args: unknown[]) =>
    (args[0] as { moderatingSocket: string | null }).moderatingSocket === id;

  it('tells a second tab on the other process that the user moderates elsewhere', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const operator = await createOperator(db, a.baseUrl);
    const first = await open(a, operator);
    first.socket.emit('moderate-me', { user: { id: operator.id } });
    await first.next('moderation-status', holderIs(first.id));

    const second = await open(b, operator);
    expect(second.last('moderation-status')?.[0]).toEqual({ moderatingSocket: first.id });
    const mark = second.mark();
    second.socket.emit('moderate-me', { user: { id: operator.id } });
    expect((await second.next('moderation-status', () => true, { since: mark }))[0]).toEqual({
      moderatingSocket: first.id,
    });
  });

  it('closes the sockets on the other process of a session signed out here', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const operator = await createOperator(db, a.baseUrl);
    const socket = await open(b, operator);
    expect((await operator.client.post('/auth/logout')).status).toBe(200);
    await waitFor(() => !socket.socket.connected, 'the socket on the other process closes');
  });

  it('delivers park-me and kick-me to the user’s socket on the other process', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const operator = await createOperator(db, a.baseUrl);
    const socket = await open(a, operator);
    socket.socket.emit('moderate-me', { user: { id: operator.id } });
    await socket.next('moderation-status', holderIs(socket.id));
    const admin = await b.signIn('admin');

    expect((await admin.post(`/api/online-users/${operator.id}/park`)).status).toBe(200);
    await socket.next('park-me');
    await socket.next('moderation-status', holderIs(null));

    expect((await admin.post(`/api/online-users/${operator.id}/kick`)).status).toBe(200);
    await socket.next('kick-me');
    await waitFor(() => !socket.socket.connected, 'kicked socket disconnected');
  });
});

describe.skipIf(!isPostgres || !redisUrl)(
  'two server processes on one PostgreSQL with the Redis adapter, under the queue bench’s load',
  () => {
    // Small enough to finish in seconds on a busy two-core machine.
    const ITEMS = 200;
    const OPERATORS = 24;
    let prepared: PreparedTestDatabase;
    let dbs: Database[] = [];
    let servers: TestServer[] = [];

    beforeAll(async () => {
      prepared = await prepareTestDatabase('demo');
      const url = prepared.env.DATABASE_URL ?? '';
      // Each process has its own pool, as two server processes would.
      dbs = [
        openPostgresDatabase(url, { poolSize: 8 }),
        openPostgresDatabase(url, { poolSize: 8 }),
      ];
      await installAssignmentLog(dbs[0] as Database);
      const env = {
        DEMO_FEEDER: '0',
        LEASE_GRACE_SECONDS: '60',
        REDIS_URL: redisUrl ?? '',
        REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      };
      servers = [
        await startTestServer(dbs[0] as Database, env),
        await startTestServer(dbs[1] as Database, env),
      ];
    });
    afterAll(async () => {
      try {
        await Promise.all(servers.map((server) => server.close()));
      } finally {
        await Promise.all(dbs.map((db) => db.close()));
        await prepared?.dispose();
      }
    });

    it('works a pool to the end over both processes: no item given twice, none lost', async () => {
      const db = dbs[0] as Database;
      const { token } = await createTestService(db);
      // Half the pool through each process at once, two requests in flight on each, with
      // subscribers new to the service: concurrent ingests create the same subscribers.
      const halves = await Promise.all(
        servers.map((server, half) =>
          ingestItems(
            server.baseUrl,
            token,
            Array.from({ length: ITEMS / 2 }, (_, n) =>
              textItem(n, { subscriber_id: `sub-${n % 7}`, user_id: `member-${half}-${n}` }),
            ),
            { parallel: 2 },
          ),
        ),
      );
      const pool = halves.flat();
      expect(new Set(pool).size).toBe(ITEMS);

      const record = new QueueClientRecord();
      const serverOf = (n: number) => servers[n % 2] as TestServer;
      const operators = await Promise.all(
        Array.from({ length: OPERATORS }, (_, n) => createOperator(db, serverOf(n).baseUrl)),
      );
      // Batch and single submitters on both processes (n % 4: process and mode vary apart).
      const runs = await Promise.all(
        operators.map((operator, n) =>
          moderateUntilEmpty(serverOf(n), db, operator, {
            mode: n % 4 < 2 ? 'batch' : 'single',
            record,
          }),
        ),
      );

      const audit = await auditQueue(db, pool, record);
      expect(audit.failures).toEqual([]);
      expect(audit).toMatchObject({ items: ITEMS, decided: ITEMS, unfinished: 0 });
      expect(record.stored.size).toBe(ITEMS);
      // Both processes handed out items.
      for (const side of [0, 1]) {
        expect(runs.some((run, n) => n % 2 === side && run.handed.length > 0)).toBe(true);
      }

      // Both processes run a rollup folder, one folding at a time: once the journal is empty,
      // the rollups are what a rebuild from the items gives, so no row was folded twice or lost.
      await waitFor(
        async () => {
          const [left] = await db.query<{ n: number }>(
            'select count(*)::int as n from rollup_journal',
          );
          return left?.n === 0;
        },
        'the folders empty the rollup journal',
        { timeoutMs: 30_000 },
      );
      await expectRollupsAsRebuilt(db);
    });
  },
);
