/**
 * The rollup tables the report and AI review screens read instead of the items. The server
 * journals what each transaction writes and folds the journal into them; the seeder writes items
 * straight into the database, so it calls the features' own functions for what it wrote, as the
 * folder does.
 */
import type { Database } from '../../server/db/database';
import { rebuildAiAgreement } from '../../server/features/ai/ai-review-rollup';
import {
  recordArrivalRollups,
  recordDecisionRollups,
} from '../../server/features/reports/report-rollups-repository';

export interface RollupWriter {
  /** What the seed log names. */
  modules: string[];
  /** Items firstId..lastId, in chunks of `chunk` (about a day of the history). */
  afterBatch(db: Database, firstId: number, lastId: number, chunk: number): Promise<void>;
  atEnd(db: Database): Promise<void>;
}

export const rollupWriter: RollupWriter = {
  modules: ['report-rollups-repository.ts', 'ai-review-rollup.ts'],
  // As ingest and the decisions record them, a day's items at a time: a rebuild from every item
  // at once (rebuildReportRollups) took 155 s for 100,000 items on PGlite, and a call's cost
  // grows with the square of the days and operators its items span.
  async afterBatch(db, firstId, lastId, chunk) {
    for (let start = firstId; start <= lastId; start += chunk) {
      const end = Math.min(lastId, start + chunk - 1);
      const ids = Array.from({ length: end - start + 1 }, (_, n) => start + n);
      await db.transaction(async (tx) => {
        await recordArrivalRollups(tx, ids);
        await recordDecisionRollups(tx, ids);
      });
    }
  },
  // The rebuild also counts the items the AI decided alone, which the per-decision call leaves
  // to the AI's own decide path.
  atEnd: (db) => db.transaction((tx) => rebuildAiAgreement(tx)),
};
