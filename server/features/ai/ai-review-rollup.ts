import type { Queryable } from '../../db/database';
import { holdRollupFold } from '../reports/rollup-journal';

/**
 * The write side of the AI review (/ai-moderation). Rules:
 * - An item counts in the agreement figures once, when it has both an AI answer and a human
 *   decision: at the decision when the answer came first, at the answer when the decision came
 *   first. Whichever transaction comes second appends the item's 'agreement' row to the rollup
 *   journal (rollup-journal.ts): its statement waits for the other's row lock and then sees its
 *   committed change, so an item is never journaled twice or left out.
 * - The counts are kept per service, UTC day of arrival and service tag (ai_agreement_daily) and
 *   per service and day (ai_review_daily). The rollup folder adds the journal's rows to them
 *   (`foldAiReview`); readers add the rows not folded yet (`CURRENT_REVIEW_DAILY`,
 *   `CURRENT_AGREEMENT_DAILY`), so the table is exact the moment a decision commits.
 * - "AI decides alone": an item of a service with ai_decides_alone 'safe' whose AI answer has no
 *   tag (['SAFE'] or []) is decided by the AI in the transaction that stores the answer, while it
 *   is still waiting in the queue (an item on an operator's screen stays theirs): every service
 *   tag 0, decision_source 'ai', decided_by null, and its delivery queued as for an operator's
 *   decision. The claim takes only pending items, so operators never see it. Its 'decision'
 *   journal row counts it in ai_review_daily.ai_alone.
 */

/** The item's UTC day of arrival: the rollup's day and the search's date axis agree. */
export const DAY_SQL = `(c.bound_time at time zone 'UTC')::date`;

/** The items `filter` picks that count in the agreement figures. */
function comparedItems(filter: string): string {
  return `select c.service_id, ${DAY_SQL} as day, c.ai_moderated_status as ai,
                 c.moderated_status as human, s.tags
            from contents c join services s on s.id = c.service_id
           where ${filter} and c.status = 'decided' and c.decision_source = 'human'
             and c.ai_state = 'done'`;
}

/** Per service and day, over the items of `items` (a table expression): ai_review_daily's counts. */
const reviewDeltas = (items: string) =>
  `select service_id, day, count(*)::int as compared,
          count(*) filter (where ai_review_state(ai, human, 'decided', 'human') = 'agree')::int
            as agreed
     from ${items} group by service_id, day`;

/** Per service, day and service tag: ai_agreement_daily's counts. */
const tagDeltas = (items: string) =>
  `select service_id, day, tag,
          count(*) filter (where ai ? tag and human -> tag = '1')::int as tp,
          count(*) filter (where ai ? tag and human -> tag is distinct from '1')::int as fp,
          count(*) filter (where not ai ? tag and human -> tag = '1')::int as fn,
          count(*) filter (where not ai ? tag and human -> tag is distinct from '1')::int as tn
     from ${items} cross join unnest(tags) as tag group by service_id, day, tag`;

/** Per service and day, the items `filter` picks that the AI decided alone. */
const aiAloneDeltas = (filter: string) =>
  `select c.service_id, ${DAY_SQL} as day, count(*)::int as ai_alone
     from contents c
    where ${filter} and c.status = 'decided' and c.decision_source = 'ai'
    group by 1, 2`;

const journaled = (kind: 'agreement' | 'decision') => `c.id = any(rollup_journal_items('${kind}'))`;
const notJournaled = (kind: 'agreement' | 'decision') =>
  `not exists (select 1 from rollup_journal j where j.kind = '${kind}' and j.content_id = c.id)`;

/**
 * ai_review_daily as it is once the journal is folded, one row per service and day and source
 * (not summed): a reader filters it on service_id and day and sums. One statement reads both,
 * so a fold committing meanwhile is seen whole or not at all.
 */
export const CURRENT_REVIEW_DAILY = `
  select service_id, day, compared, agreed, ai_alone from ai_review_daily
  union all
  select service_id, day, compared, agreed, 0
    from (${reviewDeltas(`(${comparedItems(journaled('agreement'))}) i`)}) pending
  union all
  select service_id, day, 0, 0, ai_alone from (${aiAloneDeltas(journaled('decision'))}) alone`;

/** ai_agreement_daily as it is once the journal is folded, as CURRENT_REVIEW_DAILY. */
export const CURRENT_AGREEMENT_DAILY = `
  select service_id, day, tag, tp, fp, fn, tn from ai_agreement_daily
  union all
  select * from (${tagDeltas(`(${comparedItems(journaled('agreement'))}) i`)}) pending`;

/** Adds the items `filter` picks (with `params`) to both tables. */
async function addAgreement(tx: Queryable, filter: string, params: unknown[]): Promise<void> {
  await tx.query(
    `with items as (${comparedItems(filter)}),
     per_item as (
       insert into ai_review_daily as r (service_id, day, compared, agreed)
       select * from (${reviewDeltas('items')}) x order by service_id, day
       on conflict (service_id, day) do update
          set compared = r.compared + excluded.compared, agreed = r.agreed + excluded.agreed
     )
     insert into ai_agreement_daily as a (service_id, day, tag, tp, fp, fn, tn)
     select * from (${tagDeltas('items')}) x order by service_id, day, tag
     on conflict (service_id, day, tag) do update
        set tp = a.tp + excluded.tp, fp = a.fp + excluded.fp,
            fn = a.fn + excluded.fn, tn = a.tn + excluded.tn`,
    params,
  );
}

/**
 * Adds a batch of the journal's rows: `agreement` items to the agreement figures, `decided`
 * items the AI decided alone to ai_alone. The folder calls it under its lock.
 */
export async function foldAiReview(
  tx: Queryable,
  journal: { agreement: readonly number[]; decided: readonly number[] },
): Promise<void> {
  if (journal.agreement.length > 0) {
    await addAgreement(tx, 'c.id = any($1::bigint[])', [journal.agreement]);
  }
  if (journal.decided.length > 0) {
    await tx.query(
      `insert into ai_review_daily as r (service_id, day, ai_alone)
       select * from (${aiAloneDeltas('c.id = any($1::bigint[])')}) x order by service_id, day
       on conflict (service_id, day) do update set ai_alone = r.ai_alone + excluded.ai_alone`,
      [journal.decided],
    );
  }
}

/**
 * Recomputes the figures from every item: for a bench or a data repair that wrote contents
 * without going through the decision. Run it in a transaction. Items still in the journal are
 * left to the folder, which holds the same lock, so each counts once.
 */
export async function rebuildAiAgreement(tx: Queryable): Promise<void> {
  await holdRollupFold(tx);
  await tx.query('delete from ai_agreement_daily');
  await tx.query('delete from ai_review_daily');
  await addAgreement(tx, notJournaled('agreement'), []);
  await tx.query(
    `insert into ai_review_daily as r (service_id, day, ai_alone)
     select * from (${aiAloneDeltas(notJournaled('decision'))}) x
     on conflict (service_id, day) do update set ai_alone = excluded.ai_alone`,
  );
}
