/**
 * Databases of the benches that run on PostgreSQL as well as on the embedded database: whether a
 * PostgreSQL server answers, a database of its own per run (created and dropped on that
 * server), and a handle opened for one piece of work.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../server/db/database';

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One statement on its own connection: CREATE and DROP DATABASE run outside a pool. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database named `<prefix>_<random>` on the server of `adminUrl`. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Opens the database for `work` and closes it after, whatever happens. */
export async function withDatabase<T>(
  source: { open(): Promise<Database> },
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await source.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
