/**
 * What the `server` project's global setup hands to the test files (through vitest's
 * provide/inject), and the few PostgreSQL administration helpers both sides use. No vitest
 * runtime imports here: the global setup runs outside the test workers.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What a new test database holds: nothing, the schema, or the schema plus the demo users. */
export type TestDatabaseContents = 'blank' | 'migrated' | 'demo';

export type TestDatabaseSetup =
  | { kind: 'pglite'; templates: Record<TestDatabaseContents, string> }
  | { kind: 'postgres'; adminUrl: string; demoTemplate: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSetup;
  }
}

/** The password of every demo user in the test templates (the server's default DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'demo';

/**
 * scrypt cost (log2 N) of every password hashed in test runs: the templates' demo users, test
 * servers and browser-test servers. The OWASP cost (17) takes about half a second of CPU per
 * sign-in, which over hundreds of sign-ins was most of the server suites' time; the server
 * refuses a cost this low in production.
 */
export const TEST_PASSWORD_HASH_LOG_N = '12';

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** One statement on its own connection: CREATE/DROP DATABASE cannot run inside a pool's session. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
