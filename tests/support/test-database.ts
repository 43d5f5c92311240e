/**
 * A fresh database per test file, on the engine the run asks for.
 *
 * PGlite (default): the `server` project's global setup builds template data directories once
 * per run (blank, migrated, migrated with the demo users); each test file copies one into its
 * own temporary directory and opens it. Copying and opening takes about 0.6 s, loading a
 * `dumpDataDir()` tarball about 0.9 s, `clone()` 0.8 s and creating a new instance 3.5 s.
 *
 * PostgreSQL (`TEST_DB=postgres` with `TEST_DATABASE_URL`): each test file gets its own
 * database `test_<random>` on that server, created, migrated with server/db/migrate.ts and
 * dropped at dispose, so parallel runs and parallel files never see each other's rows. The demo
 * users come from a template database the global setup seeded with the real demo seed, because
 * six scrypt hashes per file would cost more than the tests themselves.
 *
 * Every handle must be disposed: an open PGlite or pg pool keeps Node from exiting.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import {
  adminQuery,
  databaseUrl,
  quoteIdentifier,
  uniqueDatabaseName,
  type TestDatabaseContents,
} from './database-admin';

export { DEMO_PASSWORD, type TestDatabaseContents } from './database-admin';

/** A database made for one test file but not opened yet, so a child process can use it first. */
export interface PreparedTestDatabase {
  kind: Database['kind'];
  /** Environment that points the server or a CLI at this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Opens it in this process; call at most once, and not while a child process has it open. */
  open(): Promise<Database>;
  /** Closes what `open` opened and deletes the database. */
  dispose(): Promise<void>;
}

export interface TestDatabase {
  db: Database;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function prepareTestDatabase(
  contents: TestDatabaseContents = 'demo',
): Promise<PreparedTestDatabase> {
  const setup = inject('testDatabase');
  return setup.kind === 'postgres'
    ? preparePostgres(setup.adminUrl, setup.demoTemplate, contents)
    : preparePglite(setup.templates[contents]);
}

export async function openTestDatabase(
  contents: TestDatabaseContents = 'demo',
): Promise<TestDatabase> {
  const prepared = await prepareTestDatabase(contents);
  try {
    return { db: await prepared.open(), env: prepared.env, dispose: prepared.dispose };
  } catch (error) {
    await prepared.dispose();
    throw error;
  }
}

function preparePglite(template: string): PreparedTestDatabase {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mc-test-db-'));
  // server/db/open-database.ts keeps PGlite's files in DATA_DIR/pglite.
  cpSync(template, path.join(root, 'pglite'), { recursive: true });
  let opened: Database | undefined;
  return {
    kind: 'pglite',
    env: { DATA_DIR: root },
    async open() {
      opened = await openPgliteDatabase({ dataDir: path.join(root, 'pglite') });
      return opened;
    },
    async dispose() {
      await opened?.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function preparePostgres(
  adminUrl: string,
  demoTemplate: string,
  contents: TestDatabaseContents,
): Promise<PreparedTestDatabase> {
  const name = uniqueDatabaseName('test');
  const template = contents === 'demo' ? ` template ${quoteIdentifier(demoTemplate)}` : '';
  await adminQuery(adminUrl, `create database ${quoteIdentifier(name)}${template}`);
  const url = databaseUrl(adminUrl, name);
  let opened: Database | undefined;
  const dispose = async () => {
    // The pool closes first (and waits for its connections to end), so the forced drop never
    // terminates a connection this process still reads: that would be a stray 57P01 error.
    try {
      await opened?.close();
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${quoteIdentifier(name)} with (force)`);
    }
  };
  if (contents !== 'blank') {
    const db = openPostgresDatabase(url, { poolSize: 2 });
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      await dispose();
      throw error;
    }
    await db.close();
  }
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url },
    async open() {
      opened = openPostgresDatabase(url, { poolSize: 5 });
      return opened;
    },
    dispose,
  };
}
