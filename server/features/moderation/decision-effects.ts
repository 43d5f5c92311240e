import type { Queryable } from '../../db/database';
import { enqueueDeliveries } from '../delivery/delivery-repository';
import { journalDecisions } from '../reports/rollup-journal';

/**
 * What every decision brings with it, written in the transaction that makes the decision so
 * that none can be left out or counted twice: the delivery row (no decision is left
 * undelivered) and the decision's rows in the rollup journal (rollup-journal.ts), which the
 * report rollups and, for an operator's decision, the AI agreement figures are folded from.
 * Nothing here writes a row another decision writes too, so concurrent deciders never wait for
 * each other on it. Every path that decides items (an operator's submit, the AI deciding alone)
 * calls this once with the ids it decided.
 */
export async function recordDecisionEffects(
  tx: Queryable,
  contentIds: readonly number[],
  source: 'human' | 'ai',
): Promise<void> {
  if (contentIds.length === 0) return;
  await enqueueDeliveries(tx, [...contentIds]);
  await journalDecisions(tx, contentIds, source);
}
