import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openPostgresDatabase } from '../../../server/db/postgres-database';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../support/test-database';

const MIGRATIONS = readdirSync(path.resolve('server/db/migrations'))
  .filter((file) => /^\d+_.+\.sql$/.test(file))
  .sort();

const IDENTITY_TABLES = [
  'login_history',
  'outbound_emails',
  'password_resets',
  'permissions',
  'role_permissions',
  'roles',
  'sessions',
  'settings',
  'users',
];

async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public'`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  let prepared: PreparedTestDatabase | undefined;
  afterEach(async () => {
    await prepared?.dispose();
    prepared = undefined;
  });

  it('apply every file once on an empty database and nothing the second time', async () => {
    prepared = await prepareTestDatabase('blank');
    const db = await prepared.open();
    expect(await tableNames(db)).not.toContain('users');

    expect(await migrate(db)).toEqual(MIGRATIONS);
    expect(await tableNames(db)).toEqual(expect.arrayContaining(IDENTITY_TABLES));
    const recorded = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    );
    expect(recorded.map((row) => row.name)).toEqual(MIGRATIONS);

    expect(await migrate(db)).toEqual([]);
    expect(await db.query('select name from schema_migrations')).toHaveLength(MIGRATIONS.length);
  });

  it('apply each file exactly once when two servers start together', async () => {
    prepared = await prepareTestDatabase('blank');
    const db = await prepared.open();
    // A second connection pool on PostgreSQL; PGlite has one connection per data directory.
    const other =
      db.kind === 'postgres' && prepared.env.DATABASE_URL
        ? openPostgresDatabase(prepared.env.DATABASE_URL, { poolSize: 2 })
        : db;
    try {
      const [first, second] = await Promise.all([migrate(db), migrate(other)]);
      expect([...first, ...second].sort()).toEqual(MIGRATIONS);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
