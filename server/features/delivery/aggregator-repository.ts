import {
  DELIVERY_STATS_WINDOW_HOURS,
  STUCK_AFTER_MINUTES,
  type DeliveryAttempt,
  type ProblemDelivery,
  type ServiceDeliveryRow,
} from '../../../src/contract/delivery';
import type { Queryable } from '../../db/database';

/**
 * What /aggregator reads and changes: per-service delivery figures, a service's problem
 * deliveries with their attempts, redelivery, and the pause / 410 switches on services.
 */

const PROBLEM_LIMIT = 100;
const EXCERPT_CHARS = 300;

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** bigint and numeric come back as strings from `pg`, as numbers from PGlite. */
function num(value: number | string | null): number {
  return value === null ? 0 : Number(value);
}
function numOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

interface ServiceFiguresRow {
  service_id: number;
  service_code: string;
  service_name: string;
  callback_url: string | null;
  paused_at: Date | null;
  paused_by: string | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  disabled: boolean;
  waiting: number | string | null;
  in_flight: number | string | null;
  failed: number | string | null;
  delivered_today: number | string | null;
  attempts_window: number | string | null;
  succeeded_window: number | string | null;
  p50: number | string | null;
  p95: number | string | null;
  error_at: Date | null;
  error_code: string | null;
  error_response: string | null;
}

/**
 * One row per service. Counts come from the partial indexes of migration 043; rates and
 * percentiles from the attempts of the last DELIVERY_STATS_WINDOW_HOURS hours.
 */
export async function listServiceDeliveries(db: Queryable): Promise<ServiceDeliveryRow[]> {
  const rows = await db.query<ServiceFiguresRow>(
    `with open as (
       select service_id,
              count(*) filter (where status = 'pending' and claim_token is null) as waiting,
              count(*) filter (where status = 'pending' and claim_token is not null) as in_flight,
              count(*) filter (where status = 'failed') as failed
         from deliveries where status <> 'delivered' group by service_id
     ), today as (
       select service_id, count(*) as delivered_today
         from deliveries
        where status = 'delivered' and delivered_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        group by service_id
     ), window_attempts as (
       select service_id, count(*) as attempts_window,
              count(*) filter (where status_code between 200 and 299) as succeeded_window,
              percentile_cont(0.5) within group (order by latency_ms)
                filter (where status_code is not null) as p50,
              percentile_cont(0.95) within group (order by latency_ms)
                filter (where status_code is not null) as p95
         from delivery_attempts
        where attempted_at > now() - $1 * interval '1 hour'
        group by service_id
     )
     select s.id as service_id, s.code as service_code, s.name as service_name, s.callback_url,
            s.delivery_paused_at as paused_at, pu.username as paused_by,
            s.delivery_disabled_at as disabled_at, s.delivery_disabled_reason as disabled_reason,
            (s.delivery_disabled_at is not null
             and s.callback_url is not distinct from s.delivery_disabled_url) as disabled,
            o.waiting, o.in_flight, o.failed, t.delivered_today,
            w.attempts_window, w.succeeded_window, w.p50, w.p95,
            e.attempted_at as error_at, e.code as error_code, e.response as error_response
       from services s
       left join users pu on pu.id = s.delivery_paused_by
       left join open o on o.service_id = s.id
       left join today t on t.service_id = s.id
       left join window_attempts w on w.service_id = s.id
       left join lateral (
         select a.attempted_at, coalesce(a.status_code::text, a.error_code, '') as code,
                left(a.response_excerpt, $2) as response
           from delivery_attempts a
          where a.service_id = s.id
            and (a.status_code is null or a.status_code not between 200 and 299)
          order by a.attempted_at desc, a.id desc limit 1
       ) e on true
      order by s.name, s.id`,
    [DELIVERY_STATS_WINDOW_HOURS, EXCERPT_CHARS],
  );
  return rows.map((row) => {
    const attempts = num(row.attempts_window);
    const disabled = row.disabled;
    return {
      service_id: row.service_id,
      service_code: row.service_code,
      service_name: row.service_name,
      callback_url: row.callback_url,
      state: disabled ? 'disabled' : row.paused_at !== null ? 'paused' : 'active',
      paused_at: iso(row.paused_at),
      paused_by: row.paused_by,
      disabled_at: disabled ? iso(row.disabled_at) : null,
      disabled_reason: disabled ? row.disabled_reason : null,
      waiting: num(row.waiting),
      in_flight: num(row.in_flight),
      failed: num(row.failed),
      delivered_today: num(row.delivered_today),
      attempts_window: attempts,
      success_rate: attempts === 0 ? null : num(row.succeeded_window) / attempts,
      p50_latency_ms: numOrNull(row.p50),
      p95_latency_ms: numOrNull(row.p95),
      last_error:
        row.error_at === null
          ? null
          : {
              at: iso(row.error_at) ?? '',
              code: row.error_code ?? '',
              response: row.error_response ?? '',
            },
    };
  });
}

/** Services whose delivery is off after a 410 (and whose callback URL is still that one). */
export async function listDisabledDeliveries(db: Queryable) {
  const rows = await db.query<{
    service_id: number;
    service_name: string;
    disabled_at: Date;
    disabled_reason: string | null;
  }>(
    `select s.id as service_id, s.name as service_name, s.delivery_disabled_at as disabled_at,
            s.delivery_disabled_reason as disabled_reason
       from services s
      where s.delivery_disabled_at is not null
        and s.callback_url is not distinct from s.delivery_disabled_url
      order by s.delivery_disabled_at desc`,
  );
  return rows.map((row) => ({
    service_id: row.service_id,
    service_name: row.service_name,
    disabled_at: iso(row.disabled_at) ?? '',
    disabled_reason: row.disabled_reason ?? '',
  }));
}

/** A service's failed, retrying and stuck deliveries, newest problem first, with attempts. */
export async function listProblemDeliveries(
  db: Queryable,
  serviceId: number,
): Promise<ProblemDelivery[]> {
  const rows = await db.query<{
    id: number | string;
    content_id: number | string;
    webhook_id: string;
    status: ProblemDelivery['status'];
    attempts: number;
    created_at: Date;
    next_attempt_at: Date | null;
    last_code: string | null;
  }>(
    `select id, content_id, webhook_id,
            case when status = 'failed' then 'failed'
                 when last_code is not null then 'retrying' else 'stuck' end as status,
            attempts, created_at,
            case when status = 'pending' then next_attempt_at end as next_attempt_at, last_code
       from deliveries
      where service_id = $1
        and (status = 'failed'
             or (status = 'pending'
                 and (last_code is not null or created_at < now() - $3 * interval '1 minute')))
      order by coalesce(last_attempt_at, created_at) desc, id desc
      limit $2`,
    [serviceId, PROBLEM_LIMIT, STUCK_AFTER_MINUTES],
  );
  const byDelivery = await attemptsOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    content_id: Number(row.content_id),
    webhook_id: row.webhook_id,
    status: row.status,
    attempts: row.attempts,
    created_at: iso(row.created_at) ?? '',
    next_attempt_at: iso(row.next_attempt_at),
    last_code: row.last_code,
    attempt_history: byDelivery.get(Number(row.id)) ?? [],
  }));
}

/** Every attempt of the deliveries, in order, by delivery id (the /aggregator and history). */
export async function attemptsOf(
  db: Queryable,
  deliveryIds: readonly number[],
): Promise<Map<number, DeliveryAttempt[]>> {
  const byDelivery = new Map<number, DeliveryAttempt[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const attempts = await db.query<{
    delivery_id: number | string;
    attempt: number;
    attempted_at: Date;
    status_code: number | null;
    error_code: string | null;
    latency_ms: number;
    response_excerpt: string;
  }>(
    `select delivery_id, attempt, attempted_at, status_code, error_code, latency_ms,
            response_excerpt
       from delivery_attempts where delivery_id = any($1::bigint[])
      order by delivery_id, attempt, id`,
    [deliveryIds],
  );
  for (const attempt of attempts) {
    const list = byDelivery.get(Number(attempt.delivery_id)) ?? [];
    list.push({
      attempt: attempt.attempt,
      attempted_at: iso(attempt.attempted_at) ?? '',
      status_code: attempt.status_code,
      error_code: attempt.error_code,
      latency_ms: attempt.latency_ms,
      response_excerpt: attempt.response_excerpt,
    });
    byDelivery.set(Number(attempt.delivery_id), list);
  }
  return byDelivery;
}

/**
 * Makes a delivery due now with a fresh round of attempts. A delivery being sent right now
 * (claimed) or already delivered is left alone: answers undefined then.
 */
export async function redeliver(
  db: Queryable,
  deliveryId: number,
): Promise<{ service_id: number; content_id: number } | undefined> {
  const rows = await db.query<{ service_id: number; content_id: number | string }>(
    `update deliveries
        set status = 'pending', next_attempt_at = now(), round_start_attempts = attempts
      where id = $1 and status in ('pending', 'failed') and claim_token is null
     returning service_id, content_id`,
    [deliveryId],
  );
  const row = rows[0];
  return row ? { service_id: row.service_id, content_id: Number(row.content_id) } : undefined;
}

export async function findDelivery(
  db: Queryable,
  deliveryId: number,
): Promise<{ status: string; claimed: boolean } | undefined> {
  const rows = await db.query<{ status: string; claimed: boolean }>(
    'select status, claim_token is not null as claimed from deliveries where id = $1',
    [deliveryId],
  );
  return rows[0];
}

/** Every given-up delivery of the service becomes due now; answers how many. */
export async function redeliverFailed(db: Queryable, serviceId: number): Promise<number> {
  const rows = await db.query(
    `update deliveries
        set status = 'pending', next_attempt_at = now(), round_start_attempts = attempts
      where service_id = $1 and status = 'failed'
     returning id`,
    [serviceId],
  );
  return rows.length;
}

export interface ServiceDeliverySwitches {
  id: number;
  name: string;
  paused_at: Date | null;
  disabled_at: Date | null;
  disabled_url: string | null;
  callback_url: string | null;
}

export async function findServiceSwitches(
  db: Queryable,
  serviceId: number,
): Promise<ServiceDeliverySwitches | undefined> {
  const rows = await db.query<ServiceDeliverySwitches>(
    `select id, name, delivery_paused_at as paused_at, delivery_disabled_at as disabled_at,
            delivery_disabled_url as disabled_url, callback_url
       from services where id = $1`,
    [serviceId],
  );
  return rows[0];
}

export async function pauseDelivery(
  db: Queryable,
  serviceId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db.query(
    `update services set delivery_paused_at = now(), delivery_paused_by = $2, updated_at = now()
      where id = $1 and delivery_paused_at is null returning id`,
    [serviceId, userId],
  );
  return rows.length > 0;
}

/** Lifts the pause; waiting rows keep their schedule (those already due go at the next poll). */
export async function resumeDelivery(db: Queryable, serviceId: number): Promise<boolean> {
  const rows = await db.query(
    `update services set delivery_paused_at = null, delivery_paused_by = null, updated_at = now()
      where id = $1 and delivery_paused_at is not null returning id`,
    [serviceId],
  );
  return rows.length > 0;
}

/**
 * Lifts the 410 switch. The waiting rows of the service are due at once with a fresh round of
 * attempts: they waited for the administrator, not for the schedule.
 */
export async function enableDelivery(db: Queryable, serviceId: number): Promise<boolean> {
  const rows = await db.query(
    `update services
        set delivery_disabled_at = null, delivery_disabled_reason = null,
            delivery_disabled_url = null, updated_at = now()
      where id = $1 and delivery_disabled_at is not null returning id`,
    [serviceId],
  );
  if (rows.length === 0) return false;
  await db.query(
    `update deliveries set next_attempt_at = now(), round_start_attempts = attempts
      where service_id = $1 and status = 'pending' and claim_token is null`,
    [serviceId],
  );
  return true;
}
