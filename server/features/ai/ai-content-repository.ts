import type {
  AiContentRow,
  AiContentState,
  AiContentSummary,
} from '../../../src/contract/ai-review';
import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams, whereOf } from '../../db/sql-params';
import { aiTagsOf } from './ai-review-repository';

/**
 * Reads and retries of /aicontent, over the AI worker's columns (ai-job-repository.ts):
 * - waiting: ai_state 'pending' and not in progress: never asked, due, or due again later after
 *   a failure (ai_failures.attempts equals the item's attempts: the failure was this round's
 *   last attempt);
 * - in progress: pending, claimed (ai_next_attempt_at, the lease, in the future) and not yet
 *   failed in this attempt;
 * - answered: ai_state 'done';
 * - failed: ai_state 'failed' (the worker gave up) and not decided: these can be retried.
 * A retry puts the item back to 'pending' with its attempts at zero (and its last failure's
 * count too, so the states above stay right); the failure's text stays until an answer comes.
 */

const IN_PROGRESS = `(c.ai_next_attempt_at is not null and c.ai_next_attempt_at > now()
  and (f.attempts is null or f.attempts < c.ai_attempts))`;
const RETRYING = `(c.ai_next_attempt_at > now() and f.attempts >= c.ai_attempts) is true`;

const STATE_CONDITION: Record<AiContentState, string> = {
  waiting: `c.ai_state = 'pending' and not (${IN_PROGRESS})`,
  in_progress: `c.ai_state = 'pending' and ${IN_PROGRESS}`,
  answered: `c.ai_state = 'done'`,
  failed: `c.ai_state = 'failed' and c.status <> 'decided'`,
};

export async function aiQueueCounts(
  db: Queryable,
): Promise<Pick<AiContentSummary, 'waiting' | 'retrying' | 'in_progress' | 'failed'>> {
  const pending = await queryOne<{ waiting: number; retrying: number; in_progress: number }>(
    db,
    `select (count(*) filter (where not (${IN_PROGRESS})))::int as waiting,
            (count(*) filter (where ${RETRYING}))::int as retrying,
            (count(*) filter (where ${IN_PROGRESS}))::int as in_progress
       from contents c left join ai_failures f on f.content_id = c.id
      where c.ai_state = 'pending'`,
  );
  const failed = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from contents c where ${STATE_CONDITION.failed}`,
  );
  return {
    waiting: pending?.waiting ?? 0,
    retrying: pending?.retrying ?? 0,
    in_progress: pending?.in_progress ?? 0,
    failed: failed?.count ?? 0,
  };
}

/** Calls, failures and latency over the window, whole and per bucket (oldest first). */
export async function aiCallFigures(
  db: Queryable,
  window: { minutes: number; bucketMinutes: number },
): Promise<
  Pick<AiContentSummary, 'calls' | 'failures' | 'p50_ms' | 'p95_ms' | 'buckets'> & {
    answers: number;
  }
> {
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  const whole = await queryOne<{
    calls: number;
    failures: number;
    p50_ms: number | null;
    p95_ms: number | null;
  }>(
    db,
    `select count(*)::int as calls, (count(*) filter (where not ok))::int as failures,
            percentile_cont(0.5) within group (order by duration_ms) as p50_ms,
            percentile_cont(0.95) within group (order by duration_ms) as p95_ms
       from ai_calls where started_at >= now() - $1::int * interval '1 minute'`,
    [window.minutes],
  );
  // Bucket 0 is the newest: the last `bucketMinutes` up to now.
  const grouped = await db.query<{
    ago: number;
    calls: number;
    failures: number;
    p95_ms: number | null;
  }>(
    `select floor(extract(epoch from (now() - started_at)) / ($2::int * 60))::int as ago,
            count(*)::int as calls, (count(*) filter (where not ok))::int as failures,
            percentile_cont(0.95) within group (order by duration_ms) as p95_ms
       from ai_calls where started_at >= now() - $1::int * interval '1 minute'
      group by 1`,
    [window.minutes, window.bucketMinutes],
  );
  const now = Date.now();
  const count = Math.ceil(window.minutes / window.bucketMinutes);
  const buckets = Array.from({ length: count }, (_, index) => {
    const ago = count - 1 - index;
    const bucket = grouped.find((row) => row.ago === ago);
    return {
      start: new Date(now - (ago + 1) * window.bucketMinutes * 60_000).toISOString(),
      calls: bucket?.calls ?? 0,
      failures: bucket?.failures ?? 0,
      p95_ms: round(bucket?.p95_ms),
    };
  });
  const calls = whole?.calls ?? 0;
  const failures = whole?.failures ?? 0;
  return {
    calls,
    failures,
    answers: calls - failures,
    p50_ms: round(whole?.p50_ms),
    p95_ms: round(whole?.p95_ms),
    buckets,
  };
}

interface ContentDbRow {
  id: number;
  service_name: string;
  message_type: string;
  content: string;
  bound_time: Date;
  status: AiContentRow['status'];
  ai_state: AiContentRow['ai_state'];
  ai_attempts: number;
  ai_next_attempt_at: Date | null;
  ai_answered_at: Date | null;
  ai_moderated_status: unknown;
  ai_response_time: number | null;
  ai_provider: string | null;
  f_provider: string | null;
  f_code: string | null;
  f_response: string | null;
  f_attempts: number | null;
  f_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toRow(row: ContentDbRow): AiContentRow {
  return {
    id: Number(row.id),
    service_name: row.service_name,
    message_type: row.message_type,
    content: row.content,
    bound_time: new Date(row.bound_time).toISOString(),
    status: row.status,
    ai_state: row.ai_state,
    ai_attempts: row.ai_attempts,
    ai_next_attempt_at: iso(row.ai_next_attempt_at),
    ai_answered_at: iso(row.ai_answered_at),
    ai_tags: row.ai_state === 'done' ? aiTagsOf(row.ai_moderated_status) : null,
    ai_response_ms:
      row.ai_response_time === null ? null : Math.round(Number(row.ai_response_time) * 1000),
    ai_provider: row.ai_provider,
    error:
      row.f_code !== null && row.f_at !== null
        ? {
            provider: row.f_provider ?? '',
            code: row.f_code,
            response: row.f_response ?? '',
            attempts: row.f_attempts ?? 0,
            at: new Date(row.f_at).toISOString(),
          }
        : null,
  };
}

export async function listAiContent(
  db: Queryable,
  filter: { state: AiContentState; serviceId?: number | undefined },
  page: { order: SortOrder; limit: number; offset: number },
): Promise<{ rows: AiContentRow[]; total: number; capped: boolean }> {
  const conditionsOf = (params: SqlParams) => {
    const conditions = [STATE_CONDITION[filter.state]];
    if (filter.serviceId !== undefined) {
      conditions.push(`c.service_id = ${params.add(filter.serviceId)}`);
    }
    return conditions;
  };
  const order = page.order === 'asc' ? 'asc' : 'desc';
  const params = new SqlParams();
  const rows = await db.query<ContentDbRow>(
    `select c.id, s.name as service_name, c.message_type, left(c.content, 300) as content,
            c.bound_time, c.status, c.ai_state, c.ai_attempts, c.ai_next_attempt_at,
            c.ai_answered_at, c.ai_moderated_status, c.ai_response_time,
            c.ai_other_details ->> 'provider' as ai_provider,
            f.provider as f_provider, f.ai_status as f_code, f.response as f_response,
            f.attempts as f_attempts, f.failed_at as f_at
       from contents c
       join services s on s.id = c.service_id
       left join ai_failures f on f.content_id = c.id
      ${whereOf(conditionsOf(params))}
      order by c.bound_time ${order}, c.id ${order}
      limit ${params.add(page.limit)} offset ${params.add(page.offset)}`,
    params.values,
  );
  const countParams = new SqlParams();
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from (
       select 1 from contents c left join ai_failures f on f.content_id = c.id
        ${whereOf(conditionsOf(countParams))} limit ${countParams.add(TOTAL_CAP + 1)}) capped`,
    countParams.values,
  );
  const count = counted?.count ?? 0;
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

/**
 * Puts failed, undecided items back to the AI step: the given ones, or every one (of a service).
 * Answers the ids put back.
 */
export async function retryFailedAi(
  tx: Queryable,
  target: { contentId: number } | { serviceId?: number | undefined },
): Promise<number[]> {
  const params = new SqlParams();
  const conditions = [`ai_state = 'failed'`, `status <> 'decided'`];
  if ('contentId' in target) conditions.push(`id = ${params.add(target.contentId)}`);
  else if (target.serviceId !== undefined) {
    conditions.push(`service_id = ${params.add(target.serviceId)}`);
  }
  const rows = await tx.query<{ id: number }>(
    `update contents set ai_state = 'pending', ai_attempts = 0, ai_next_attempt_at = null
      ${whereOf(conditions)} returning id`,
    params.values,
  );
  const ids = rows.map((row) => Number(row.id));
  if (ids.length > 0) {
    await tx.query('update ai_failures set attempts = 0 where content_id = any($1::bigint[])', [
      ids,
    ]);
  }
  return ids;
}

export async function aiStateOf(
  db: Queryable,
  contentId: number,
): Promise<{ ai_state: AiContentRow['ai_state']; status: AiContentRow['status'] } | undefined> {
  return queryOne(db, 'select ai_state, status from contents where id = $1', [contentId]);
}
