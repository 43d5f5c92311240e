/**
 * GET /readyz: 200 while the database (and Redis, when configured) answer; 503 naming what is
 * down otherwise; 503 from the moment shutdown begins. The database goes down two ways: on the
 * embedded database by a handle whose queries fail on demand, and on PostgreSQL for real (every
 * connection to the test's own database terminated and new ones refused, as a restart does).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthEndpoints } from '../../../src/contract/health';
import type { Database } from '../../../server/db/database';
import { openPostgresDatabase } from '../../../server/db/postgres-database';
import { Readiness, type RedisProbe } from '../../../server/observability/readiness';
import { adminQuery, quoteIdentifier } from '../../support/database-admin';
import { waitFor } from '../../support/protocol';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../support/test-database';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server';

const setup = inject('testDatabase');

interface ReadinessBody {
  ok: boolean;
  status: 'ready' | 'not_ready';
  code?: string;
  message?: string;
  checks: { database: string; redis?: string; process: string };
}

async function readiness(server: Pick<TestServer, 'client'>) {
  const response = await server.client().get<ReadinessBody>(healthEndpoints.readiness.path);
  return { status: response.status, body: response.body };
}

/** The database, with every query failing while `down` is set. */
function switchableDatabase(db: Database): { db: Database; outage: { down: boolean } } {
  const outage = { down: false };
  const failing = () => Promise.reject(new Error('the database is down (test outage)'));
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        if (outage.down && (property === 'query' || property === 'queryPrepared')) return failing;
        if (property === 'deferred') return wrap(Reflect.get(object, property, object) as object);
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
      },
    });
  return { db: wrap(db), outage };
}

describe('GET /readyz', () => {
  const server = useTestServer();

  it('answers 200 ready while the database answers; no Redis check without REDIS_URL', async () => {
    expect(await readiness(server)).toEqual({
      status: 200,
      body: { ok: true, status: 'ready', checks: { database: 'up', process: 'running' } },
    });
  });

  it('answers 503 naming the database while it does not answer, and 200 once it does', async () => {
    const { db, outage } = switchableDatabase(server.db);
    const second = await startTestServer(db);
    try {
      outage.down = true;
      const down = await readiness(second);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        ok: false,
        code: 'unavailable',
        status: 'not_ready',
        checks: { database: 'down', process: 'running' },
      });
      expect(down.body.message).toMatch(/database/);
      // The liveness probe still answers: the process is alive, only not ready.
      expect((await second.client().get('/healthz')).status).toBe(200);
      outage.down = false;
      expect((await readiness(second)).status).toBe(200);
    } finally {
      outage.down = false;
      await second.close();
    }
  });

  it('answers 503 from the first moment of shutdown', async () => {
    const second = await startTestServer(server.db);
    let closing: Promise<void> | undefined;
    try {
      expect((await readiness(second)).status).toBe(200);
      second.app.readiness.beginShutdown();
      const stopping = await readiness(second);
      expect(stopping.status).toBe(503);
      expect(stopping.body.checks).toEqual({ database: 'up', process: 'stopping' });
      expect(stopping.body.message).toMatch(/shutting down/);
      // Closing the app begins with it.
      const third = await startTestServer(server.db);
      closing = third.close();
      expect(third.app.readiness.shuttingDown).toBe(true);
    } finally {
      await closing;
      await second.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('checks Redis when REDIS_URL is set', async () => {
    const second = await startTestServer(server.db, {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    });
    try {
      await waitFor(async () => (await readiness(second)).status === 200, 'ready with Redis');
      expect((await readiness(second)).body.checks).toEqual({
        database: 'up',
        redis: 'up',
        process: 'running',
      });
    } finally {
      await second.close();
    }
  });
});

describe('Readiness', () => {
  const up = { query: () => Promise.resolve([]), queryPrepared: () => Promise.resolve([]) };
  const redis = (isReady: boolean, ping: () => Promise<string>): RedisProbe => ({
    isReady,
    ping,
    close: () => Promise.resolve(),
  });

  it('is not ready while Redis is disconnected or does not answer PING', async () => {
    const disconnected = new Readiness(
      up,
      redis(false, () => Promise.resolve('PONG')),
    );
    expect(await disconnected.check()).toEqual({
      ready: false,
      checks: { database: 'up', redis: 'down', process: 'running' },
    });
    const failing = new Readiness(
      up,
      redis(true, () => Promise.reject(new Error('LOADING'))),
    );
    expect((await failing.check()).checks.redis).toBe('down');
    const answering = new Readiness(
      up,
      redis(true, () => Promise.resolve('PONG')),
    );
    expect(await answering.check()).toEqual({
      ready: true,
      checks: { database: 'up', redis: 'up', process: 'running' },
    });
  });
});

describe.skipIf(setup.kind !== 'postgres')('GET /readyz while PostgreSQL is unreachable', () => {
  const adminUrl = setup.kind === 'postgres' ? setup.adminUrl : '';
  let prepared: PreparedTestDatabase;
  let name = '';
  let db: Database;
  let server: TestServer;

  const allowConnections = (allow: boolean) =>
    adminQuery(adminUrl, `alter database ${quoteIdentifier(name)} allow_connections ${allow}`);

  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    const url = prepared.env.DATABASE_URL ?? '';
    name = new URL(url).pathname.slice(1);
    db = openPostgresDatabase(url, { poolSize: 3, connectTimeoutMs: 1_000, log: () => undefined });
    server = await startTestServer(db);
  });

  afterAll(async () => {
    try {
      if (name) await allowConnections(true);
      await server?.close();
    } finally {
      await db?.close();
      await prepared?.dispose();
    }
  });

  it('answers 503 naming the database while it is gone, and 200 when it is back', async () => {
    expect((await readiness(server)).status).toBe(200);
    await allowConnections(false);
    await adminQuery(
      adminUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    const down = await readiness(server);
    expect(down.status).toBe(503);
    expect(down.body.checks.database).toBe('down');
    await allowConnections(true);
    await waitFor(async () => (await readiness(server)).status === 200, 'ready again');
  });
});
