import type { Queryable } from '../../db/database';
import { recordAiAgreement } from '../ai/ai-review-rollup';
import { enqueueDeliveries } from '../delivery/delivery-repository';
import { recordDecisionRollups } from '../reports/report-rollups-repository';

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
  await recordDecisionRollups(tx, [...contentIds]);
  if (source === 'human') await recordAiAgreement(tx, contentIds);
}
