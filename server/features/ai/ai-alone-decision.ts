import type { Queryable } from '../../db/database';
import { recordDecisionEffects } from '../moderation/decision-effects';
import { DAY_SQL } from './ai-review-rollup';

/**
 * Decides the given items whose AI answer has no tag, where their service lets the AI decide
 * alone, and queues their deliveries; answers the ids it decided. Run it in the transaction that
 * stored the answers.
 */
export async function decideByAiAlone(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<number[]> {
  if (contentIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `with decided as (
       update contents c
          set status = 'decided', decision_source = 'ai', decided_by = null, decided_at = now(),
              moderated_status = coalesce(
                (select jsonb_object_agg(tag, 0) from unnest(s.tags) as tag), '{}'::jsonb)
         from services s
        where c.id = any($1::bigint[]) and s.id = c.service_id and s.ai_decides_alone = 'safe'
          and c.status = 'pending' and c.ai_state = 'done'
          and jsonb_typeof(c.ai_moderated_status) = 'array'
          and c.ai_moderated_status - 'SAFE' = '[]'::jsonb
       returning c.id, c.service_id, ${DAY_SQL} as day
     ), counted as (
       insert into ai_review_daily as r (service_id, day, ai_alone)
       select service_id, day, count(*) from decided
        group by service_id, day order by service_id, day
       on conflict (service_id, day) do update set ai_alone = r.ai_alone + excluded.ai_alone
     )
     select id from decided`,
    [contentIds],
  );
  const ids = rows.map((row) => row.id);
  await recordDecisionEffects(tx, ids, 'ai');
  return ids;
}
