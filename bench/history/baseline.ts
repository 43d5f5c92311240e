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
  /** What is timed, for the table: 'raw rows', ... */
  what: string;
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

type RawReport = (db: Database, query: Record<string, unknown>, source: 'rows') => Promise<unknown>;

/** A report of the reports screen from the raw rows (report-reader.ts, source 'rows'). */
function rawReport(call: string, report: string): DirectBaseline {
  return {
    call,
    what: 'raw rows',
    module: '../../server/features/reports/report-reader.ts',
    exportName: 'readReport',
    run: (fn, db, range) =>
      (fn as unknown as RawReport)(
        db,
        { report, from: range.from, to: range.to, group: 'day' },
        'rows',
      ),
  };
}

/** The raw-rows implementations of rollup-backed calls, by the call they stand in for. */
export const DIRECT_BASELINES: DirectBaseline[] = [
  rawReport('report productivity, 90 days by day', 'productivity'),
  rawReport('report services, 90 days by day', 'services'),
  rawReport('report tags, 90 days by day', 'tags'),
  rawReport('report sla, 90 days by day', 'sla'),
  {
    call: 'charts series, 90 days by day',
    what: 'raw rows',
    module: '../../server/features/reports/report-reader.ts',
    exportName: 'readChartSeries',
    run: (fn, db, range) =>
      (fn as unknown as RawReport)(db, { from: range.from, to: range.to, group: 'day' }, 'rows'),
  },
  {
    // The AI review keeps no raw-rows reader: its rebuild computes the same figures from every
    // item (the whole seeded history is the 90 days), rolled back so the rollup stays as it was.
    call: 'AI agreement table, 90 days',
    what: 'rebuilt from items',
    module: '../../server/features/ai/ai-review-rollup.ts',
    exportName: 'rebuildAiAgreement',
    run: async (fn, db) => {
      await db
        .transaction(async (tx) => {
          await (fn as unknown as (tx: unknown) => Promise<void>)(tx);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    },
  },
];

class RolledBack extends Error {}

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
