import type { Queryable } from '../../db/database';

/**
 * The write side of the rollup journal (migration 075): the transactions that write items append
 * one row per item to `rollup_journal` instead of adding to the report and AI rollups, rows
 * every decision of the hour shares. The folder (rollup-folder.ts) adds the journal to the
 * rollups in batches; readers add what it has not folded yet, so reports stay exact.
 *
 * Rules for callers:
 * - `journalArrivals` once per new item, in the transaction that inserts it (ingest).
 * - `journalDecisions` once per decided item, in the transaction that decides it, with the ids it
 *   decided (decision-effects.ts does it for every decide path).
 * - `journalAgreement` for an item a human decided before its AI answer came, in the
 *   transaction that stores the answer (whichever of the two comes second makes it count).
 * - Whatever writes to the rollups themselves (the folder, a rebuild, an SLA recount) holds
 *   `holdRollupFold` for the rest of its transaction, so one writer at a time adds to them.
 */

/** The advisory lock of the rollup writers (any fixed number no other code uses). */
const ROLLUP_FOLD_LOCK = 7_300_001;

/** Waits for the rollup writers' lock and holds it to the end of the transaction. */
export async function holdRollupFold(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [ROLLUP_FOLD_LOCK]);
}

/** The lock if nobody holds it (true), held to the end of the transaction. */
export async function tryRollupFold(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>(
    'select pg_try_advisory_xact_lock($1) as locked',
    [ROLLUP_FOLD_LOCK],
  );
  return row?.locked === true;
}

export async function journalArrivals(db: Queryable, contentIds: readonly number[]): Promise<void> {
  if (contentIds.length === 0) return;
  await db.queryPrepared(
    'journal_arrivals',
    `insert into rollup_journal (kind, content_id)
     select 'arrival', t.id from unnest($1::bigint[]) as t(id)`,
    [contentIds],
  );
}

/**
 * The decisions of these items, and for an operator's decision of an item the AI has answered,
 * its agreement (the decision completed the pair: storeAiAnswer, waiting for the decided row,
 * sees `decided` and adds nothing).
 */
export async function journalDecisions(
  tx: Queryable,
  contentIds: readonly number[],
  source: 'human' | 'ai',
): Promise<void> {
  if (contentIds.length === 0) return;
  // The state check `is true` matches no partial index predicate, so the rows are read by id:
  // without statistics (PGlite) the planner otherwise walks every decided item's index entry.
  await tx.queryPrepared(
    'journal_decisions',
    `insert into rollup_journal (kind, content_id)
     select 'decision', t.id from unnest($1::bigint[]) as t(id)
     union all
     select 'agreement', c.id from contents c
      where $2::boolean and c.id = any($1::bigint[])
        and (c.ai_state = 'done' and c.status = 'decided' and c.decision_source = 'human') is true`,
    [contentIds, source === 'human'],
  );
}

export async function journalAgreement(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await tx.query(
    `insert into rollup_journal (kind, content_id)
     select 'agreement', t.id from unnest($1::bigint[]) as t(id)`,
    [contentIds],
  );
}
