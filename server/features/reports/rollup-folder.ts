import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { AppMetrics } from '../../observability/metrics';
import { PollingLoop } from '../../workers/polling-loop';
import { foldAiReview } from '../ai/ai-review-rollup';
import { recordArrivalRollups, recordDecisionRollups } from './report-rollups-repository';
import { tryRollupFold } from './rollup-journal';

/**
 * The rollup folder: adds the rollup journal (rollup-journal.ts) to the report rollups and the AI
 * agreement figures in batches, in the background. Rules:
 * - A fold is one transaction: it takes the oldest journal rows (at most FOLD_BATCH), adds them
 *   to the rollups and deletes them. A crash or an error before the commit leaves the journal
 *   and the rollups as they were, so every row is added once, by the fold that commits it.
 * - Every server process runs the loop, and each fold first tries the rollup writers' advisory
 *   lock: while one process folds, the others skip that round, so the rollups have one writer at
 *   a time and two processes never fold the same rows. A rebuild or an SLA recount waits for the
 *   same lock.
 * - About once a second (FOLD_EVERY_MS), at once again after a full batch. Readers add the rows
 *   not folded yet, so the pace decides how long the journal is, not how fresh reports are.
 * - A batch is at most FOLD_BATCH rows. The embedded database runs one transaction at a time,
 *   and submits wait while a fold runs, so there a batch is smaller (tens of milliseconds of
 *   work) and several follow one another, submits going in between.
 */
export const FOLD_BATCH: Record<Database['kind'], number> = { postgres: 5_000, pglite: 1_000 };
export const FOLD_EVERY_MS = 1_000;

/**
 * Folds the oldest `limit` journal rows in the caller's transaction, which holds the lock;
 * answers how many it folded.
 */
export async function foldJournalBatch(tx: Queryable, limit: number): Promise<number> {
  const taken = await tx.query<{ kind: string; ids: number[] }>(
    `with taken as (
       delete from rollup_journal
        where id in (select id from rollup_journal order by id limit $1)
       returning kind, content_id
     )
     select kind, array_agg(content_id order by content_id) as ids from taken group by kind`,
    [limit],
  );
  const ids = (kind: string) => taken.find((row) => row.kind === kind)?.ids ?? [];
  await recordArrivalRollups(tx, ids('arrival'));
  await recordDecisionRollups(tx, ids('decision'));
  await foldAiReview(tx, { agreement: ids('agreement'), decided: ids('decision') });
  return taken.reduce((sum, row) => sum + row.ids.length, 0);
}

/** One fold; answers the rows folded, or null when another process is folding now. */
export async function foldRollupJournal(
  db: Database,
  limit: number = FOLD_BATCH[db.kind],
): Promise<number | null> {
  const [waiting] = await db.deferred.query<{ any: boolean }>(
    'select exists (select 1 from rollup_journal) as any',
  );
  if (!waiting?.any) return 0;
  return db.transaction(async (tx) =>
    (await tryRollupFold(tx)) ? foldJournalBatch(tx, limit) : null,
  );
}

export function createRollupFolder(
  db: Database,
  log: FastifyBaseLogger,
  metrics: AppMetrics,
): PollingLoop {
  return new PollingLoop(
    'rollup folder',
    async () => {
      const folded = await foldRollupJournal(db);
      metrics.journalRowsFolded(folded ?? 0);
      return { full: folded === FOLD_BATCH[db.kind] };
    },
    { pollMs: FOLD_EVERY_MS, log },
  );
}
