/**
 * The baseline of bench:history: the same calls without the indexes made for them. Which indexes
 * those are is read from the migrations that brought the history, AI review and report screens
 * (every `create index` of BASELINE_MIGRATIONS), so an index added there later is dropped too
 * without a change here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../server/db/database';

const MIGRATIONS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations',
);
/** 046: history and insight; 047: history search; 048: AI review; 049: reports. */
const BASELINE_MIGRATIONS = /^04[6-9]_.+\.sql$/;

/** Index names created by the screens' migrations present in this checkout, by file. */
export function screenIndexes(): { file: string; indexes: string[] }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => BASELINE_MIGRATIONS.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replace(/--.*$/gm, '');
      const names = [
        ...sql.matchAll(
          /create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?("?[a-z_][a-z0-9_]*"?)/gi,
        ),
      ].map((match) => (match[1] ?? '').replaceAll('"', ''));
      return { file, indexes: names };
    });
}

/** Drops the given indexes (those still there); answers the names dropped. */
export async function dropIndexes(db: Database, names: readonly string[]): Promise<string[]> {
  const present = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'i' and n.nspname = current_schema() and c.relname = any($1::text[])`,
    [names],
  );
  for (const { name } of present) await db.query(`drop index "${name}"`);
  return present.map((row) => row.name);
}

/**
 * A call whose screen reads a rollup table instead of the items: its baseline is the report
 * computed from the raw rows, which no HTTP call offers, so the bench times the feature's raw
 * implementation straight on the database (the server stopped) and says so. `module` is relative
 * to this file; an entry whose module is missing from this checkout is skipped.
 */
export interface DirectBaseline {
  /** The call's id in the bench's list. */
  call: string;
  module: string;
  exportName: string;
  /** How to call it: the export, the database and the bench's range. */
  run: (
    fn: (...args: never[]) => Promise<unknown>,
    db: Database,
    range: BenchRange,
  ) => Promise<unknown>;
}

export interface BenchRange {
  from: Date;
  to: Date;
}

/**
 * The raw-rows implementations of rollup-backed reports. Filled in as the report and AI review
 * screens land (their modules export one per report, for this bench and for data repairs).
 */
export const DIRECT_BASELINES: DirectBaseline[] = [];

export async function loadDirectBaseline(
  entry: DirectBaseline,
): Promise<((...args: never[]) => Promise<unknown>) | undefined> {
  const file = new URL(entry.module, import.meta.url);
  try {
    readFileSync(file);
  } catch {
    return undefined;
  }
  const module = (await import(file.href)) as Record<string, unknown>;
  const fn = module[entry.exportName];
  if (typeof fn !== 'function') throw new Error(`${entry.module} exports no ${entry.exportName}`);
  return fn as (...args: never[]) => Promise<unknown>;
}
