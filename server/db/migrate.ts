import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../paths';
import type { Database, Queryable } from './database';

const MIGRATIONS_DIR = fromRoot('server', 'db', 'migrations');

/** Applies every `migrations/NNN_name.sql` not yet applied, in file-name order, each in a transaction. */
export async function migrate(db: Database): Promise<string[]> {
  // Concurrent `create table if not exists` races on PostgreSQL's catalog, so it takes the lock too.
  await db.transaction(async (tx) => {
    await lockMigrations(db, tx);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  });
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await lockMigrations(db, tx);
      const done = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}

/** Two servers starting together on one PostgreSQL must not both apply a migration. */
async function lockMigrations(db: Database, tx: Queryable): Promise<void> {
  if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(727274)');
}

/**
 * Migrations are plain statements separated by ';' at line ends. A dollar-quoted body ($$ ... $$,
 * e.g. a PL/pgSQL trigger function) is one statement whatever its lines end with.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let lines: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line)) continue;
    lines.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(lines.join('\n').replace(/;\s*$/, ''));
      lines = [];
    }
  }
  statements.push(lines.join('\n'));
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
