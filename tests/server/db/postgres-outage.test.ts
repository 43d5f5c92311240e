/**
 * The database goes away while the server runs (a restart, a failover) and comes back. Shown on
 * this test's own database, never the shared cluster: every connection to it is terminated
 * (57P01, as a restart does) and new ones are refused until it is allowed again.
 * Vitest fails the run on any unhandled error, so "no crash" is part of every assertion here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { isConnectionFailure, openPostgresDatabase } from '../../../server/db/postgres-database';
import { adminQuery, quoteIdentifier } from '../../support/database-admin';
import type { TestClient } from '../../support/test-client';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../support/test-database';
import { connectSocket, waitFor } from '../../support/protocol';
import { startTestServer, type TestServer } from '../../support/test-server';

const setup = inject('testDatabase');

describe.skipIf(setup.kind !== 'postgres')('PostgreSQL unreachable while the server runs', () => {
  const adminUrl = setup.kind === 'postgres' ? setup.adminUrl : '';
  let prepared: PreparedTestDatabase;
  let name = '';
  let db: Database;
  let server: TestServer;
  let admin: TestClient;
  /** The server's error lines (pino JSON): background work that failed is logged, not thrown. */
  const serverErrors: string[] = [];

  const allowConnections = (allow: boolean) =>
    adminQuery(adminUrl, `alter database ${quoteIdentifier(name)} allow_connections ${allow}`);
  const terminateBackends = () =>
    adminQuery(
      adminUrl,
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = '${name}' and pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    const url = prepared.env.DATABASE_URL ?? '';
    name = new URL(url).pathname.slice(1);
    db = openPostgresDatabase(url, {
      poolSize: 5,
      connectTimeoutMs: 2_000,
      // The connections this test cuts are expected losses, not news for the test's output.
      log: () => undefined,
    });
    // Background work runs during the outage too: a short grace makes the lease keeper tick.
    server = await startTestServer(
      db,
      { LEASE_GRACE_SECONDS: '2', LOG_LEVEL: 'error' },
      { logStream: { write: (line) => serverErrors.push(line) } },
    );
    admin = await server.signIn('admin');
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

  it('answers 503 while the database is gone and recovers by itself', async () => {
    const operator = await server.signIn('operator');
    const me = await operator.get<{ data: { id: number } }>('/api/auth');
    const user = { id: me.body.data.id };
    const socket = await connectSocket(server.baseUrl, '/online-users', {
      cookie: operator.cookieHeader(),
    });
    expect(socket.connected).toBe(true);
    socket.socket.emit('moderate-me', { user });
    expect((await admin.get('/api/auth')).status).toBe(200);
    // Its CSRF token now: fetching it later may meet the maintenance check's database read.
    const stranger = server.client();
    await stranger.csrf();

    await allowConnections(false);
    await terminateBackends();

    // API calls: 503 with the JSON envelope and a Retry-After, never a 500.
    for (const path of ['/api/auth', '/api/content/get/requests', '/api/auth']) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(response.body).toEqual({
        ok: false,
        code: 'unavailable',
        message: expect.stringMatching(/database/),
      });
    }
    const signIn = await stranger.post('/auth/login', { username: 'admin', password: 'x' });
    expect(signIn.status).toBe(503);
    // A page load gets the maintenance page, which reloads itself until the server answers.
    const page = await admin.get<string>('/dashboard', { requestedWith: false });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Sockets on the namespace still get events handled (logged, not thrown).
    socket.socket.emit('request-content', { user, count: 1 });
    // The lease keeper ticks against the missing database, and its failure is logged. (The
    // pool reports a lost connection only for one that sat idle when it was cut: whether any
    // did depends on what ran at that instant, so that is not waited for.)
    await waitFor(
      () => serverErrors.some((line) => line.includes('lease keeper tick failed')),
      'the lease keeper logs a failed tick',
    );

    await allowConnections(true);
    await waitFor(async () => (await admin.get('/api/auth')).status === 200, 'API answers again', {
      timeoutMs: 15_000,
      intervalMs: 200,
    });
    expect((await server.signIn('admin')).cookie('mc_session')).toBeTruthy();
    socket.socket.disconnect();
  });
});

describe('which errors mean the database is unavailable', () => {
  const withCode = (code: string, message = 'failed') =>
    Object.assign(new Error(message), { code });

  it('counts connection failures, shutdowns and timeouts', () => {
    for (const code of [
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      'ECONNREFUSED',
      'ECONNRESET',
    ]) {
      expect(isConnectionFailure(withCode(code)), code).toBe(true);
    }
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves SQL errors alone', () => {
    for (const code of ['23505', '42P01', '22P02', '40001']) {
      expect(isConnectionFailure(withCode(code)), code).toBe(false);
    }
    expect(isConnectionFailure('57P01')).toBe(false);
  });
});
