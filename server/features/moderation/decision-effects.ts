import type { Queryable } from '../../db/database';
import { recordAiAgreement } from '../ai/ai-review-rollup';
import { enqueueDeliveries } from '../delivery/delivery-repository';
import { recordDecisionRollups } from '../reports/report-rollups-repository';

/** The advisory lock key of the decision rollups (any fixed number no other code uses). */
const DECISION_ROLLUPS_LOCK = 7_300_001;

/**
 * What every decision brings with it, written in the transaction that makes the decision so
 * that none can be left out or counted twice: the delivery row (no decision is left
 * undelivered), the report rollups and, for an operator's decision, the AI agreement figures.
 * Every path that decides items (an operator's submit, the AI deciding alone) calls this once
 * with the ids it decided.
 */
export async function recordDecisionEffects(
  tx: Queryable,
  contentIds: readonly number[],
  source: 'human' | 'ai',
): Promise<void> {
  if (contentIds.length === 0) return;
  await enqueueDeliveries(tx, [...contentIds]);
  // On PostgreSQL every decision adds to the same rollup rows (this hour's totals, each tag's),
  // so concurrent deciders queue there anyway; but their upserts take those rows in no fixed
  // order, and two of them deadlocked (40P01: a 500 to the submitter) under two processes. One
  // lock for the rest of the transaction, taken first, makes them queue in one place instead.
  await tx.query('select pg_advisory_xact_lock($1)', [DECISION_ROLLUPS_LOCK]);
  await recordDecisionRollups(tx, [...contentIds]);
  if (source === 'human') await recordAiAgreement(tx, contentIds);
}
