/**
 * The rollup tables the report and AI review screens read instead of the items. The server keeps
 * them current in the transaction that writes an item; the seeder writes items straight into the
 * database, so it calls the features' own functions for what it wrote. Each feature is found by
 * module path: one missing from this checkout is skipped, so the seeder runs before and after
 * those features are merged.
 */
import { existsSync } from 'node:fs';
import type { Database } from '../../server/db/database';

type Exports = Record<string, unknown>;

interface RollupKeeper {
  module: string;
  /** After each batch of items (ids first..last), as the decision's transaction would. */
  afterBatch?: (exports: Exports, db: Database, ids: number[]) => Promise<void>;
  /** Once, after every item is written. */
  atEnd?: (exports: Exports, db: Database) => Promise<void>;
}

function fn<Args extends unknown[]>(exports: Exports, name: string) {
  const value = exports[name];
  if (typeof value !== 'function') throw new Error(`the rollup module exports no ${name}`);
  return value as (...args: Args) => Promise<void>;
}

const KEEPERS: RollupKeeper[] = [
  {
    // As ingest and the decisions record them, a day's items at a time: a rebuild from every
    // item at once (rebuildReportRollups) took 155 s for 100,000 items on PGlite, and a call's
    // cost grows with the square of the days and operators its items span.
    module: '../../server/features/reports/report-rollups-repository.ts',
    afterBatch: (exports, db, ids) =>
      db.transaction(async (tx) => {
        await fn(exports, 'recordArrivalRollups')(tx, ids);
        await fn(exports, 'recordDecisionRollups')(tx, ids);
      }),
  },
  {
    // The rebuild also counts the items the AI decided alone, which the per-decision call
    // leaves to the AI's own decide path.
    module: '../../server/features/ai/ai-review-rollup.ts',
    atEnd: (exports, db) => db.transaction((tx) => fn(exports, 'rebuildAiAgreement')(tx)),
  },
];

export interface RollupWriter {
  /** Modules found in this checkout. */
  modules: string[];
  /** Items firstId..lastId, in chunks of `chunk` (about a day of the history). */
  afterBatch(db: Database, firstId: number, lastId: number, chunk: number): Promise<void>;
  atEnd(db: Database): Promise<void>;
}

export async function loadRollupWriter(): Promise<RollupWriter> {
  const present: { keeper: RollupKeeper; exports: Exports }[] = [];
  for (const keeper of KEEPERS) {
    const file = new URL(keeper.module, import.meta.url);
    if (!existsSync(file)) continue;
    present.push({ keeper, exports: (await import(file.href)) as Exports });
  }
  return {
    modules: present.map(({ keeper }) => keeper.module.split('/').at(-1) ?? keeper.module),
    async afterBatch(db, firstId, lastId, chunk) {
      for (let start = firstId; start <= lastId; start += chunk) {
        const end = Math.min(lastId, start + chunk - 1);
        const ids = Array.from({ length: end - start + 1 }, (_, n) => start + n);
        for (const { keeper, exports } of present) await keeper.afterBatch?.(exports, db, ids);
      }
    },
    async atEnd(db) {
      for (const { keeper, exports } of present) await keeper.atEnd?.(exports, db);
    },
  };
}
