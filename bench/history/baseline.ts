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
import { rebuildAiAgreement } from '../../server/features/ai/ai-review-rollup';
import { readChartSeries, readReport } from '../../server/features/reports/report-reader';
import type { ReportQuery } from '../../src/contract/reports';

const MIGRATIONS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations',
);
/** 046: history and insight; 047: history search; 048: AI review; 049: reports; 051, 052: history
 * tags and report reads (050 has no index). */
const BASELINE_MIGRATIONS = /^(04[6-9]|05[0-2])_.+\.sql$/;

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

export interface DroppedIndex {
  name: string;
  /** Its `create index` statement, to make it again (a kept bench database). */
  definition: string;
}

/** Drops the given indexes (those still there); answers what was dropped. */
export async function dropIndexes(db: Database, names: readonly string[]): Promise<DroppedIndex[]> {
  const present = await db.query<DroppedIndex>(
    `select c.relname as name, pg_get_indexdef(c.oid) as definition
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'i' and n.nspname = current_schema() and c.relname = any($1::text[])`,
    [names],
  );
  for (const { name } of present) await db.query(`drop index "${name}"`);
  return present;
}

/**
 * A call whose screen reads a rollup table instead of the items: its baseline is the report
 * computed from the raw rows, which no HTTP call offers, so the bench times the feature's raw
 * implementation straight on the database (the server stopped) and says so.
 */
export interface DirectBaseline {
  /** The call's id in the bench's list. */
  call: string;
  /** What is timed, for the table: 'raw rows', ... */
  what: string;
  run: (db: Database, range: BenchRange) => Promise<unknown>;
}

export interface BenchRange {
  from: Date;
  to: Date;
}

/** A report of the reports screen from the raw rows (report-reader.ts, source 'rows'). */
function rawReport(call: string, report: ReportQuery['report']): DirectBaseline {
  return {
    call,
    what: 'raw rows',
    run: (db, range) =>
      readReport(db, { report, from: range.from, to: range.to, group: 'day' }, 'rows'),
  };
}

class RolledBack extends Error {}

/** The raw-rows implementations of rollup-backed calls, by the call they stand in for. */
export const DIRECT_BASELINES: DirectBaseline[] = [
  rawReport('report productivity, 90 days by day', 'productivity'),
  rawReport('report services, 90 days by day', 'services'),
  rawReport('report tags, 90 days by day', 'tags'),
  rawReport('report sla, 90 days by day', 'sla'),
  {
    call: 'charts series, 90 days by day',
    what: 'raw rows',
    run: (db, range) =>
      readChartSeries(db, { from: range.from, to: range.to, group: 'day' }, 'rows'),
  },
  {
    // The AI review keeps no raw-rows reader: its rebuild computes the same figures from every
    // item (the whole seeded history is the 90 days), rolled back so the rollup stays as it was.
    call: 'AI agreement table, 90 days',
    what: 'rebuilt from items',
    run: (db) =>
      db
        .transaction(async (tx) => {
          await rebuildAiAgreement(tx);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        }),
  },
];
