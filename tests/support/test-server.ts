/**
 * The real server for a test file: `buildApp` with test configuration on the file's own
 * database, listening on a free port of 127.0.0.1. Clients talk to it over real HTTP and
 * socket.io, as the console does.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { TEST_PASSWORD_HASH_LOG_N } from './database-admin';
import { DEMO_PASSWORD, openTestDatabase, type TestDatabaseContents } from './test-database';
import { signIn } from './protocol';
import { TestClient, type ApiBody, type TestResponse } from './test-client';

export interface TestServer {
  app: App;
  db: Database;
  baseUrl: string;
  /** A new client with its own cookies, like a new browser. */
  client(headers?: Record<string, string>): TestClient;
  /** Signs in through the login call and answers the signed-in client; throws unless 200. */
  signIn(username: string, password?: string, client?: TestClient): Promise<TestClient>;
  close(): Promise<void>;
}

/** Environment of every test server; `env` of the caller overrides it. */
function testEnvironment(env: Record<string, string>): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // No built console: the server answers API calls and its own pages only.
    STATIC_DIR: path.join(os.tmpdir(), 'mc-test-no-static-dir'),
    DATA_DIR: path.join(os.tmpdir(), 'mc-test-unused-data-dir'),
    SEED_DEMO: '0',
    DEMO_FEEDER: '0',
    // A production configuration refuses the test cost, and keeps the OWASP one.
    ...(env.NODE_ENV === 'production' || env.DATABASE_URL
      ? {}
      : { PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N }),
    ...env,
  };
}

export async function startTestServer(
  db: Database,
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const app = await buildApp(loadConfig(testEnvironment(env)), { db, ...options });
  try {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    db,
    baseUrl,
    client: (headers) => new TestClient(baseUrl, headers ? { headers } : {}),
    signIn: (username, password = DEMO_PASSWORD, client = new TestClient(baseUrl)) =>
      signIn(baseUrl, username, password, client),
    close: () => app.close(),
  };
}

export interface ServerFixture extends TestServer {
  dispose(): Promise<void>;
}

/**
 * Registers beforeAll/afterAll that give the test file a server on its own database and close
 * both afterwards. Read the fields inside tests or hooks, not at module level.
 */
export function useTestServer(
  options: {
    /** Configuration overrides; a function is called in beforeAll (after earlier hooks ran). */
    env?: Record<string, string> | (() => Record<string, string>);
    contents?: TestDatabaseContents;
    /** Receives the server's log lines (set LOG_LEVEL in `env`; tests default to silent). */
    logStream?: { write(line: string): void };
  } = {},
): TestServer {
  let server: TestServer | undefined;
  let disposeDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase(options.contents ?? 'demo');
    disposeDatabase = database.dispose;
    const env = typeof options.env === 'function' ? options.env() : options.env;
    server = await startTestServer(database.db, env, { logStream: options.logStream });
  });
  afterAll(async () => {
    await server?.close();
    await disposeDatabase?.();
  });
  const current = (): TestServer => {
    if (!server) throw new Error('the test server is not running (use it inside tests or hooks)');
    return server;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    client: (headers) => current().client(headers),
    signIn: (username, password, client) => current().signIn(username, password, client),
    close: () => current().close(),
  };
}

export type { ApiBody, TestResponse };
