import type { Queryable } from '../../db/database';
import { recordDecisionEffects } from '../moderation/decision-effects';

/**
 * Decides the given items whose AI answer has no tag, where their service lets the AI decide
 * alone, and records their effects (their deliveries; their decisions in the rollup journal,
 * which also counts them in the AI review's ai_alone); answers the ids it decided. Run it in the
 * transaction that stored the answers.
 */
export async function decideByAiAlone(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<number[]> {
  if (contentIds.length === 0) return [];
  const rows = await tx.query<{ id: number }>(
    `update contents c
        set status = 'decided', decision_source = 'ai', decided_by = null, decided_at = now(),
            moderated_status = coalesce(
              (select jsonb_object_agg(tag, 0) from unnest(s.tags) as tag), '{}'::jsonb)
       from services s
      where c.id = any($1::bigint[]) and s.id = c.service_id and s.ai_decides_alone = 'safe'
        and c.status = 'pending' and c.ai_state = 'done'
        and jsonb_typeof(c.ai_moderated_status) = 'array'
        and c.ai_moderated_status - 'SAFE' = '[]'::jsonb
     returning c.id`,
    [contentIds],
  );
  const ids = rows.map((row) => row.id);
  await recordDecisionEffects(tx, ids, 'ai');
  return ids;
}
