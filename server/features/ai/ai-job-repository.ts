import type { Queryable } from '../../db/database';
import { storableJson, storableText } from '../../db/storable';
import type { MessageType } from '../../../src/contract/content';
import type { AiSuggestion } from './ai-provider';
import { decideByAiAlone } from './ai-alone-decision';
import { journalAgreement } from '../reports/rollup-journal';

/**
 * The asynchronous AI step over `contents` (ai_state 'pending'). A claim takes due items with
 * FOR UPDATE SKIP LOCKED, counts the attempt and moves ai_next_attempt_at past the request's
 * deadline, which leases the item to this worker. Answers are written only while the item is
 * still 'pending', so a late or duplicate answer cannot overwrite a settled one.
 */
export interface AiJob {
  id: number;
  message_type: MessageType;
  content: string;
  file_url: string | null;
  /** Attempts including this one. */
  ai_attempts: number;
  tags: string[];
  ai_word_lists: Record<string, string[]>;
  /** The service's choice now: it may have changed since the item arrived. */
  ai_provider: 'default' | 'local' | 'none';
}

export async function claimAiJobs(
  db: Queryable,
  options: { limit: number; leaseSeconds: number },
): Promise<AiJob[]> {
  return db.query<AiJob>(
    `with due as (
       select id from contents
        where ai_state = 'pending' and coalesce(ai_next_attempt_at, bound_time) <= now()
        order by bound_time, id
        limit $1
        for update skip locked
     )
     update contents c
        set ai_attempts = c.ai_attempts + 1,
            ai_next_attempt_at = now() + $2 * interval '1 second'
       from due, services s
      where c.id = due.id and s.id = c.service_id
     returning c.id, c.message_type, c.content, c.file_url, c.ai_attempts, s.tags,
               s.ai_word_lists, s.ai_provider`,
    [options.limit, options.leaseSeconds],
  );
}

/**
 * Stores an answer (or, for null, that there is none) and clears an earlier failure; run it in a
 * transaction. An answer completes the item's AI review in the same transaction: an item a
 * human decided already joins the agreement figures now (its row in the rollup journal), and an
 * untagged answer for an item still waiting may decide it (ai-review-rollup.ts).
 */
export async function storeAiAnswer(
  db: Queryable,
  contentId: number,
  provider: string,
  answer: AiSuggestion | null,
): Promise<void> {
  const stored = await db.query<{ status: string }>(
    `update contents
        set ai_state = case when $2::jsonb is null then 'none' else 'done' end,
            ai_moderated_status = $2::jsonb, ai_response_time = $3, ai_other_details = $4::jsonb,
            ai_next_attempt_at = null, ai_answered_at = case when $2::jsonb is null then null else now() end
      where id = $1 and ai_state = 'pending'
      returning status`,
    [
      contentId,
      answer ? JSON.stringify(storableJson(answer.tags)) : null,
      answer ? answer.responseTimeSeconds : null,
      answer ? JSON.stringify(storableJson({ reasoning: answer.reasoning, provider })) : null,
    ],
  );
  await db.query('delete from ai_failures where content_id = $1', [contentId]);
  if (!answer || !stored[0]) return;
  if (stored[0].status === 'decided') await journalAgreement(db, [contentId]);
  else await decideByAiAlone(db, [contentId]);
}

/**
 * Records a failed attempt ('Failed Ai Moderate'). With `giveUp` the item leaves the AI step
 * (ai_state 'failed') and reaches operators with no AI answer; otherwise it is retried after
 * `retryInSeconds`.
 */
export async function recordAiFailure(
  db: Queryable,
  failure: {
    contentId: number;
    provider: string;
    aiStatus: string;
    response: string;
    attempts: number;
    giveUp: boolean;
    retryInSeconds: number;
  },
): Promise<void> {
  await db.query(
    `insert into ai_failures (content_id, provider, ai_status, response, attempts)
     values ($1, $2, $3, $4, $5)
     on conflict (content_id) do update
        set provider = excluded.provider, ai_status = excluded.ai_status,
            response = excluded.response, attempts = excluded.attempts, failed_at = now()`,
    [
      failure.contentId,
      storableText(failure.provider),
      storableText(failure.aiStatus),
      storableText(failure.response),
      failure.attempts,
    ],
  );
  await db.query(
    `update contents
        set ai_state = case when $2 then 'failed' else ai_state end,
            ai_next_attempt_at = case when $2 then null else now() + $3 * interval '1 second' end
      where id = $1 and ai_state = 'pending'`,
    [failure.contentId, failure.giveUp, failure.retryInSeconds],
  );
}
