import type { z } from 'zod';
import type {
  FailedAiRowSchema,
  FailedContentRequestRowSchema,
  FailedEndpointResponseRowSchema,
  StuckFailedRowSchema,
  StuckPendingRowSchema,
} from '../../../src/contract/dashboard';
import type { DashboardStat, OperatorStat, ServiceStat } from '../../../src/contract/socket-events';
import type { Queryable } from '../../db/database';

/**
 * The dashboard's reads: its five tables (newest first, at most `limit` rows, text cut to what a
 * preview can use) and the live statistics of /moderation-statistics.
 */
export const DASHBOARD_ROW_LIMIT = 200;
/** Longer texts are cut here: the tables show 20 to 30 characters, a tooltip a little more. */
const TEXT_LIMIT = 1_000;

type FailedContentRequestRow = z.infer<typeof FailedContentRequestRowSchema>;
type FailedEndpointResponseRow = z.infer<typeof FailedEndpointResponseRowSchema>;
type StuckPendingRow = z.infer<typeof StuckPendingRowSchema>;
type FailedAiRow = z.infer<typeof FailedAiRowSchema>;
type StuckFailedRow = z.infer<typeof StuckFailedRowSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

export async function failedContentRequests(
  db: Queryable,
  limit = DASHBOARD_ROW_LIMIT,
): Promise<FailedContentRequestRow[]> {
  const rows = await db.query<Omit<FailedContentRequestRow, 'created_at'> & { created_at: Date }>(
    `select id, service_code, type, left(response, $2) as response, left(request, $2) as request,
            created_at
       from failed_content_requests order by created_at desc, id desc limit $1`,
    [limit, TEXT_LIMIT],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

/** Deliveries whose last attempt failed: retrying ('pending') or given up ('failed'). */
export async function failedEndpointResponses(
  db: Queryable,
  limit = DASHBOARD_ROW_LIMIT,
): Promise<FailedEndpointResponseRow[]> {
  return db.query<FailedEndpointResponseRow>(
    `select id, coalesce(last_code, '') as code, content_id,
            left(coalesce(last_response, ''), $2) as response, attempts,
            case when status = 'failed' then 'failed' else 'retrying' end as status
       from deliveries
      where status = 'failed' or (status = 'pending' and last_code is not null)
      order by last_attempt_at desc nulls last, id desc limit $1`,
    [limit, TEXT_LIMIT],
  );
}

/** Undecided items older than the threshold. */
export async function stuckPending(
  db: Queryable,
  olderThanMinutes: number,
  limit = DASHBOARD_ROW_LIMIT,
): Promise<StuckPendingRow[]> {
  const rows = await db.query<Omit<StuckPendingRow, 'bound_time'> & { bound_time: Date }>(
    `select id, status, bound_time from contents
      where status in ('pending', 'assigned')
        and bound_time < now() - $2 * interval '1 minute'
      order by bound_time desc, id desc limit $1`,
    [limit, olderThanMinutes],
  );
  return rows.map((row) => ({ ...row, bound_time: iso(row.bound_time) }));
}

export async function failedAiModerations(
  db: Queryable,
  limit = DASHBOARD_ROW_LIMIT,
): Promise<FailedAiRow[]> {
  const rows = await db.query<Omit<FailedAiRow, 'bound_time'> & { bound_time: Date }>(
    `select c.id, f.ai_status, f.provider as ai_name, left(f.response, $2) as response,
            c.bound_time
       from ai_failures f join contents c on c.id = f.content_id
      order by f.failed_at desc, c.id desc limit $1`,
    [limit, TEXT_LIMIT],
  );
  return rows.map((row) => ({ ...row, bound_time: iso(row.bound_time) }));
}

/** Decided items whose delivery was given up. */
export async function stuckFailed(
  db: Queryable,
  limit = DASHBOARD_ROW_LIMIT,
): Promise<StuckFailedRow[]> {
  const rows = await db.query<{
    id: number;
    status: string;
    moderated_status: unknown;
    bound_time: Date;
  }>(
    `select c.id, d.status, c.moderated_status, c.bound_time
       from deliveries d join contents c on c.id = d.content_id
      where d.status = 'failed'
      order by d.last_attempt_at desc nulls last, c.id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    moderated_status: JSON.stringify(row.moderated_status ?? {}),
    bound_time: iso(row.bound_time),
  }));
}

/**
 * Every number of the dashboard in four statements: per-service queue counts with today's
 * handled items (since midnight UTC), their average handling time and online operators; the
 * online moderating users with the oldest item each holds; and per operator today's decided
 * items with their average handling time.
 */
export async function computeDashboardStat(db: Queryable): Promise<DashboardStat> {
  const since = new Date();
  since.setUTCHours(0, 0, 0, 0);
  const services = await db.query<ServiceStat>(
    `with queue as (
       select service_id,
              count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where status = 'assigned')::int as assigned
         from contents where status in ('pending', 'assigned') group by service_id
     ), handled as (
       -- Handling time runs from loaded (shown to the operator) to decided; an item decided
       -- without being loaded (by the AI alone) counts as handled but has no handling time.
       select service_id, count(*)::int as handled,
              avg(extract(epoch from decided_at - loaded_at))::float8 as avg_handling_seconds
         from contents where status = 'decided' and decided_at >= $1 group by service_id
     ), online as (
       select c.service_id, count(distinct c.assigned_to)::int as online_users
         from contents c join moderation_presence p on p.user_id = c.assigned_to
        where c.status = 'assigned' group by c.service_id
     )
     select s.id as "_id", s.name as service_name,
            coalesce(o.online_users, 0) as online_users,
            coalesce(q.pending, 0) + coalesce(q.assigned, 0) as total_pending,
            coalesce(q.pending, 0) as pending, coalesce(q.assigned, 0) as assigned,
            coalesce(h.handled, 0) as handled, h.avg_handling_seconds
       from services s
       left join queue q on q.service_id = s.id
       left join handled h on h.service_id = s.id
       left join online o on o.service_id = s.id
      order by s.name, s.id`,
    [since],
  );
  const moderating = await db.query<{ content_id: number | null; username: string }>(
    `select (select min(c.id) from contents c
              where c.status = 'assigned' and c.assigned_to = p.user_id) as content_id,
            u.username
       from moderation_presence p join users u on u.id = p.user_id
      order by u.username`,
  );
  const operatorStats = await db.query<OperatorStat>(
    `select u.id as user_id, u.username, count(*)::int as handled,
            avg(extract(epoch from c.decided_at - c.loaded_at))::float8 as avg_handling_seconds
       from contents c join users u on u.id = c.decided_by
      where c.status = 'decided' and c.decided_at >= $1
      group by u.id, u.username
      order by u.username`,
    [since],
  );
  const sum = (pick: (stat: ServiceStat) => number) =>
    services.reduce((total, stat) => total + pick(stat), 0);
  return {
    total: moderating.length,
    data: moderating,
    total_pending: sum((stat) => stat.total_pending),
    pending: sum((stat) => stat.pending),
    assigned: sum((stat) => stat.assigned),
    moderating: moderating.length,
    serviceStats: services,
    handled: sum((stat) => stat.handled),
    operatorStats,
  };
}
