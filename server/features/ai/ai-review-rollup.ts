import type { Queryable } from '../../db/database';

/**
 * The write side of the AI review (/ai-moderation), run inside the transactions that change an
 * item. Rules:
 * - An item counts in the agreement figures once, when it has both an AI answer and a human
 *   decision: at the decision when the answer came first (storeSubmissions), at the answer when
 *   the decision came first (storeAiAnswer). Whichever statement runs second sees the other's
 *   committed change (its UPDATE waits for the row), so an item is never counted twice or lost.
 * - The counts are kept per service, UTC day of arrival and service tag (ai_agreement_daily) and
 *   per service and day (ai_review_daily), upserted in key order so concurrent decisions wait
 *   for each other instead of deadlocking.
 * - "AI decides alone": an item of a service with ai_decides_alone 'safe' whose AI answer has no
 *   tag (['SAFE'] or []) is decided by the AI in the transaction that stores the answer, while it
 *   is still waiting in the queue (an item on an operator's screen stays theirs): every service
 *   tag 0, decision_source 'ai', decided_by null, and its delivery queued as for an operator's
 *   decision. The claim takes only pending items, so operators never see it.
 */

/** The item's UTC day of arrival: the rollup's day and the search's date axis agree. */
export const DAY_SQL = `(c.bound_time at time zone 'UTC')::date`;

/** The statement that adds the given items (or, with no ids, every item) to the rollup. */
function rollupSql(filter: string): string {
  return `with items as (
       select c.service_id, ${DAY_SQL} as day, c.ai_moderated_status as ai,
              c.moderated_status as human, s.tags
         from contents c join services s on s.id = c.service_id
        where ${filter} and c.status = 'decided' and c.decision_source = 'human'
          and c.ai_state = 'done'
     ), per_item as (
       insert into ai_review_daily as r (service_id, day, compared, agreed)
       select service_id, day, count(*),
              count(*) filter (where ai_review_state(ai, human, 'decided', 'human') = 'agree')
         from items group by service_id, day order by service_id, day
       on conflict (service_id, day) do update
          set compared = r.compared + excluded.compared, agreed = r.agreed + excluded.agreed
     )
     insert into ai_agreement_daily as a (service_id, day, tag, tp, fp, fn, tn)
     select service_id, day, tag,
            count(*) filter (where ai ? tag and human -> tag = '1'),
            count(*) filter (where ai ? tag and human -> tag is distinct from '1'),
            count(*) filter (where not ai ? tag and human -> tag = '1'),
            count(*) filter (where not ai ? tag and human -> tag is distinct from '1')
       from items cross join unnest(tags) as tag
      group by service_id, day, tag order by service_id, day, tag
     on conflict (service_id, day, tag) do update
        set tp = a.tp + excluded.tp, fp = a.fp + excluded.fp,
            fn = a.fn + excluded.fn, tn = a.tn + excluded.tn`;
}

/**
 * Adds the given items to the agreement figures, those that now have both an AI answer and a
 * human decision. Call it once per item, in the transaction that completed the pair.
 */
export async function recordAiAgreement(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await tx.query(rollupSql('c.id = any($1::bigint[])'), [contentIds]);
}

/**
 * Recomputes the figures from every item: for a bench or a data repair that wrote contents
 * without going through the decision. Run it in a transaction.
 */
export async function rebuildAiAgreement(tx: Queryable): Promise<void> {
  await tx.query('delete from ai_agreement_daily');
  await tx.query('delete from ai_review_daily');
  await tx.query(rollupSql('true'));
  await tx.query(
    `insert into ai_review_daily (service_id, day, ai_alone)
     select c.service_id, ${DAY_SQL}, count(*) from contents c
      where c.status = 'decided' and c.decision_source = 'ai'
      group by 1, 2
     on conflict (service_id, day) do update set ai_alone = excluded.ai_alone`,
  );
}
