import type { Database, Queryable } from '../../db/database';

/**
 * Keeps the report rollups (migration 049) current. The SQL that defines what a rollup counts
 * lives in the migration's functions, report_record_arrivals and report_record_decisions, so
 * the incremental updates here and a rebuild from contents count the same way.
 *
 * Rules for callers:
 * - `recordArrivalRollups` once per new item, in the transaction that inserts it (ingest).
 * - `recordDecisionRollups` once per decided item, in the transaction that decides it, with the
 *   ids it decided (not the ones it refused): every decide path (an operator's submit, the AI
 *   deciding alone) calls it, or the reports miss those decisions until a rebuild.
 * - `refreshSlaRollups` when a service's sla_minutes changes, in that transaction.
 */
export async function recordArrivalRollups(
  db: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await db.query('select report_record_arrivals($1::bigint[])', [contentIds]);
}

export async function recordDecisionRollups(
  db: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await db.query('select report_record_decisions($1::bigint[])', [contentIds]);
}

export async function refreshSlaRollups(db: Queryable, serviceId: number): Promise<void> {
  await db.query('select report_refresh_sla($1::integer)', [serviceId]);
}

/**
 * Recomputes every rollup from contents, in one transaction: after rows were written straight
 * into contents (a bench seed, a repair). Emptying the tables first takes their locks, so a
 * decision committed meanwhile either is read here or adds its share after this commits.
 */
export async function rebuildReportRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'truncate report_service_rollups, report_operator_rollups, report_operator_hours, report_tag_rollups, report_total_rollups',
    );
    await tx.query('select report_record_arrivals(array(select id from contents))');
    await tx.query(
      "select report_record_decisions(array(select id from contents where status = 'decided'))",
    );
  });
}
