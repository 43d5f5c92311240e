import type { Database, Queryable } from '../../db/database';
import { holdRollupFold } from './rollup-journal';

/**
 * Writes the report rollups (migrations 049 and 075). The SQL that defines what a rollup counts
 * lives in the migrations' functions (report_record_arrivals, report_record_decisions and the
 * deltas they are made of), so folding the journal, reading what it has not folded yet and a
 * rebuild from contents count the same way.
 *
 * Every writer holds the rollup writers' lock (holdRollupFold) for the rest of its
 * transaction: the functions below take it, so run each in a transaction. Rules for callers:
 * - The decide and ingest paths never call these: they append to the rollup journal
 *   (rollup-journal.ts), which the folder adds to the rollups with `recordArrivalRollups` and
 *   `recordDecisionRollups`, once per item.
 * - A bench seed that writes items straight into contents calls those two for what it wrote,
 *   or `rebuildReportRollups` at the end.
 * - `refreshSlaRollups` when a service's sla_minutes changes, in that transaction, having taken
 *   holdRollupFold before locking the service's row.
 */
export async function recordArrivalRollups(
  db: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await holdRollupFold(db);
  await db.query('select report_record_arrivals($1::bigint[])', [contentIds]);
}

export async function recordDecisionRollups(
  db: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await holdRollupFold(db);
  await db.query('select report_record_decisions($1::bigint[])', [contentIds]);
}

export async function refreshSlaRollups(db: Queryable, serviceId: number): Promise<void> {
  await holdRollupFold(db);
  await db.query('select report_refresh_sla($1::integer)', [serviceId]);
}

/**
 * Recomputes every rollup from contents, in one transaction: after rows were written straight
 * into contents (a bench seed, a repair). Items whose journal rows are not folded yet are left
 * out, for the folder to add once this commits (it waits for the same lock); each statement
 * reads contents and the journal at one moment, so an item journaled meanwhile is either left
 * out by it or not yet decided for it.
 */
export async function rebuildReportRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await holdRollupFold(tx);
    await tx.query(
      'truncate report_service_rollups, report_operator_rollups, report_operator_hours, report_tag_rollups, report_total_rollups',
    );
    const notJournaled = (kind: string) =>
      `not exists (select 1 from rollup_journal j where j.kind = '${kind}' and j.content_id = c.id)`;
    await tx.query(
      `select report_record_arrivals(array(select c.id from contents c
                                            where ${notJournaled('arrival')}))`,
    );
    await tx.query(
      `select report_record_decisions(array(select c.id from contents c
                                             where c.status = 'decided'
                                               and ${notJournaled('decision')}))`,
    );
  });
}
