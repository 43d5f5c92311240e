import type { Queryable } from '../../db/database';
import { storableText } from '../../db/storable';
import { SANDBOX_RECEIVER_PREFIX } from './demo-receiver';

/**
 * The delivery outbox. Rules:
 * - `enqueueDeliveries` runs inside the transaction that decides the items: the decision and its
 *   delivery row commit together or not at all. The body is fixed then, so every retry sends the
 *   same bytes under the same webhook-id. A discarded item gets a `content.discarded` body
 *   instead (`enqueueDiscardDeliveries`), in the transaction that discards it.
 * - An item has one current delivery. When staff take its decision back (requeue), that row is
 *   superseded (kept with its attempts, cancelled if it had not gone out) and the next decision
 *   gets a new row with a new webhook-id.
 * - A claim takes due rows with FOR UPDATE SKIP LOCKED, counts the attempt and leases the row
 *   for one request (next_attempt_at moves past the request's deadline, claim_token marks the
 *   holder). Results are written only by the holder of the claim; a worker that died mid-request
 *   loses its lease and the row is sent again (receivers deduplicate on webhook-id).
 */

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The delivery body as SQL, from one expression per field: the real deliveries and the test
 * delivery build it with this one template, so a receiver sees the same bytes layout (jsonb's
 * key order and spacing) from both.
 */
function deliveryBodySql(field: {
  decidedAt: string;
  contentId: string;
  service: string;
  subscriberId: string;
  userId: string;
  messageType: string;
  /** The item's channel (text or null); the test delivery has none. */
  channel?: string;
  moderatedStatus: string;
  moderatedBy: string;
  boundTime: string;
}): string {
  return `jsonb_build_object(
              'type', 'content.moderated',
              'timestamp', to_char((${field.decidedAt}) at time zone 'UTC', ${UTC_ISO}),
              'data', jsonb_build_object(
                'content_id', ${field.contentId},
                'service', ${field.service},
                'subscriber_id', ${field.subscriberId},
                'user_id', ${field.userId},
                'message_type', ${field.messageType},
                'channel', ${field.channel ?? 'null::text'},
                'moderated_status', ${field.moderatedStatus},
                'moderated_by', ${field.moderatedBy},
                'decided_at', to_char((${field.decidedAt}) at time zone 'UTC', ${UTC_ISO}),
                'bound_time', to_char((${field.boundTime}) at time zone 'UTC', ${UTC_ISO})))::text`;
}

/**
 * The body of a discarded item: no decision, who discarded it and why. Its own type, so a
 * receiver never mistakes it for a decision.
 */
function discardBodySql(field: {
  discardedAt: string;
  contentId: string;
  service: string;
  subscriberId: string;
  userId: string;
  messageType: string;
  discardedBy: string;
  reason: string;
  boundTime: string;
}): string {
  return `jsonb_build_object(
              'type', 'content.discarded',
              'timestamp', to_char((${field.discardedAt}) at time zone 'UTC', ${UTC_ISO}),
              'data', jsonb_build_object(
                'content_id', ${field.contentId},
                'service', ${field.service},
                'subscriber_id', ${field.subscriberId},
                'user_id', ${field.userId},
                'message_type', ${field.messageType},
                'discarded_by', ${field.discardedBy},
                'reason', ${field.reason},
                'discarded_at', to_char((${field.discardedAt}) at time zone 'UTC', ${UTC_ISO}),
                'bound_time', to_char((${field.boundTime}) at time zone 'UTC', ${UTC_ISO})))::text`;
}

/** A new webhook id, as every delivery gets one. */
const NEW_WEBHOOK_ID_SQL = `'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/** Writes the delivery row of every given item that is decided and whose service has a callback. */
export async function enqueueDeliveries(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<number> {
  if (contentIds.length === 0) return 0;
  // `is true`: no partial index predicate matches it, so the items are read by id. Without
  // statistics (PGlite) the planner otherwise walks a whole index of decided items.
  // Prepared: every decision runs it, and planning it costs more than running it.
  const rows = await tx.queryPrepared(
    'enqueue_deliveries',
    `insert into deliveries (content_id, service_id, webhook_id, body)
     select c.id, c.service_id, ${NEW_WEBHOOK_ID_SQL},
            ${deliveryBodySql({
              decidedAt: 'c.decided_at',
              contentId: 'c.id',
              service: 's.code',
              subscriberId: 'sub.external_id',
              userId: 'c.user_id',
              messageType: 'c.message_type',
              channel: 'c.channel',
              moderatedStatus: 'c.moderated_status',
              moderatedBy: 'u.username',
              boundTime: 'c.bound_time',
            })}
       from contents c
       join services s on s.id = c.service_id
       join subscribers sub on sub.id = c.subscriber_id
       left join users u on u.id = c.decided_by
      where c.id = any($1::bigint[]) and (c.status = 'decided') is true
        and s.callback_url is not null
     on conflict (content_id) where superseded_at is null do nothing
     returning id`,
    [contentIds],
  );
  return rows.length;
}

/**
 * Writes the `content.discarded` delivery of every given item that is discarded and whose
 * service has a callback; `reason` is what the person who discarded them gave (or null).
 */
export async function enqueueDiscardDeliveries(
  tx: Queryable,
  contentIds: readonly number[],
  reason: string | null,
): Promise<number> {
  if (contentIds.length === 0) return 0;
  const rows = await tx.query(
    `insert into deliveries (content_id, service_id, webhook_id, body)
     select c.id, c.service_id, ${NEW_WEBHOOK_ID_SQL},
            ${discardBodySql({
              discardedAt: 'c.decided_at',
              contentId: 'c.id',
              service: 's.code',
              subscriberId: 'sub.external_id',
              userId: 'c.user_id',
              messageType: 'c.message_type',
              discardedBy: 'u.username',
              reason: '$2::text',
              boundTime: 'c.bound_time',
            })}
       from contents c
       join services s on s.id = c.service_id
       join subscribers sub on sub.id = c.subscriber_id
       left join users u on u.id = c.discarded_by
      where c.id = any($1::bigint[])
        and (c.status = 'decided' and c.decision_source = 'discard') is true
        and s.callback_url is not null
     on conflict (content_id) where superseded_at is null do nothing
     returning id`,
    [contentIds, reason],
  );
  return rows.length;
}

/**
 * Supersedes the item's current delivery when its decision is taken back: kept as history,
 * cancelled unless it was delivered. Answers false, changing nothing, while it is being sent
 * (claimed by a worker): the caller should try again in a moment.
 */
export async function supersedeDelivery(tx: Queryable, contentId: number): Promise<boolean> {
  const rows = await tx.query<{ claimed: boolean }>(
    `select claim_token is not null as claimed from deliveries
      where content_id = $1 and superseded_at is null
      for update`,
    [contentId],
  );
  if (rows[0]?.claimed) return false;
  await tx.query(
    `update deliveries
        set superseded_at = now(),
            status = case when status = 'delivered' then status else 'cancelled' end
      where content_id = $1 and superseded_at is null`,
    [contentId],
  );
  return true;
}

export interface SampleDelivery {
  webhook_id: string;
  body: string;
  callback_url: string | null;
  webhook_secret: string;
  previous_secret: string | null;
}

/**
 * A sample decision of the service, for the test delivery: content id 0, a made-up subscriber
 * and user, the service's first tag set (the others clear), decided now by `username`.
 */
export async function sampleDelivery(
  db: Queryable,
  serviceId: number,
  username: string,
): Promise<SampleDelivery | undefined> {
  const rows = await db.query<SampleDelivery>(
    `select ${NEW_WEBHOOK_ID_SQL} as webhook_id,
            ${deliveryBodySql({
              decidedAt: 'now()',
              contentId: '0',
              service: 's.code',
              subscriberId: `'test-subscriber'::text`,
              userId: `'test-user'::text`,
              messageType: `'text'::text`,
              moderatedStatus: `coalesce((select jsonb_object_agg(tag, case when ord = 1 then 1 else 0 end)
                                   from unnest(s.tags) with ordinality as t(tag, ord)), '{}'::jsonb)`,
              moderatedBy: '$2::text',
              boundTime: `now() - interval '1 minute'`,
            })} as body,
            s.callback_url, s.webhook_secret,
            case when s.webhook_secret_previous_expires_at > now()
                 then s.webhook_secret_previous end as previous_secret
       from services s where s.id = $1`,
    [serviceId, username],
  );
  return rows[0];
}

export interface ClaimedDelivery {
  id: number;
  service_id: number;
  content_id: number;
  webhook_id: string;
  body: string;
  /** Attempts including this one. */
  attempts: number;
  /** Attempts of this round including this one (a redelivery starts a new round). */
  round_attempts: number;
  callback_url: string | null;
  webhook_secret: string;
  /** The replaced secret while its rotation overlap lasts, else null. */
  previous_secret: string | null;
  service_code: string;
}

/**
 * Whether a service's deliveries may be attempted: not paused by an administrator, and not
 * disabled after a 410 (unless its callback URL changed since: the 410 was about that URL).
 * `s` is the services row.
 */
export const SERVICE_DELIVERABLE_SQL = `s.delivery_paused_at is null
  and (s.delivery_disabled_at is null
       or s.callback_url is distinct from s.delivery_disabled_url)`;

/**
 * Claims due deliveries. The sandbox service's are posted to the built-in receiver whatever its
 * callback URL says (an administrator may have changed it on /services), so a Dev Box run never
 * reaches a real service.
 */
export async function claimDueDeliveries(
  db: Queryable,
  options: { limit: number; claimToken: string; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with due as (
       select d.id from deliveries d
         join services s on s.id = d.service_id
        where d.status = 'pending' and d.next_attempt_at <= now() and ${SERVICE_DELIVERABLE_SQL}
        order by d.next_attempt_at, d.id
        limit $1
        for update of d skip locked
     )
     update deliveries d
        set attempts = d.attempts + 1, claim_token = $2,
            next_attempt_at = now() + $3 * interval '1 second'
       from due, services s
      where d.id = due.id and s.id = d.service_id
     returning d.id, d.service_id, d.content_id, d.webhook_id, d.body, d.attempts,
               d.attempts - d.round_start_attempts as round_attempts,
               case when s.sandbox then $4 || s.code else s.callback_url end as callback_url,
               s.webhook_secret,
               case when s.webhook_secret_previous_expires_at > now()
                    then s.webhook_secret_previous end as previous_secret,
               s.code as service_code`,
    [options.limit, options.claimToken, options.leaseSeconds, SANDBOX_RECEIVER_PREFIX],
  );
}

/** What one attempt got, as the history keeps it. */
export interface AttemptOutcome {
  id: number;
  claimToken: string;
  /** HTTP status as text or an error code. */
  code: string;
  statusCode: number | null;
  response: string;
  latencyMs: number;
}

/** The history excerpt of an answer. */
export const ATTEMPT_EXCERPT_CHARS = 1_000;

/**
 * The attempt's history row, written by the same statement as the outbox update (a CTE over the
 * rows that statement changed), so a lost claim writes neither.
 */
const INSERT_ATTEMPT = `insert into delivery_attempts
       (delivery_id, service_id, attempt, status_code, error_code, latency_ms, response_excerpt)
     select id, service_id, attempts, $5::integer,
            case when $5::integer is null then $3 end, $6, left($4, ${ATTEMPT_EXCERPT_CHARS})
       from changed`;

function attemptParams(outcome: AttemptOutcome): unknown[] {
  return [
    outcome.id,
    outcome.claimToken,
    storableText(outcome.code),
    storableText(outcome.response),
    outcome.statusCode,
    Math.max(0, Math.round(outcome.latencyMs)),
  ];
}

export async function recordDeliverySuccess(db: Queryable, outcome: AttemptOutcome): Promise<void> {
  await db.query(
    `with changed as (
       update deliveries
          set status = 'delivered', delivered_at = now(), last_attempt_at = now(),
              last_code = $3, last_response = $4, claim_token = null
        where id = $1 and claim_token = $2
       returning id, service_id, attempts
     )
     ${INSERT_ATTEMPT}`,
    attemptParams(outcome),
  );
}

/**
 * A failed attempt: retried after `retryInSeconds`, or given up when `giveUp`. With
 * `disableService` (the receiver answered 410 Gone) the service's delivery is switched off in the
 * same statement and the row waits, due at once, for an administrator to enable it again.
 */
export async function recordDeliveryFailure(
  db: Queryable,
  outcome: AttemptOutcome & {
    giveUp: boolean;
    retryInSeconds: number;
    disableService?: { reason: string; callbackUrl: string } | undefined;
  },
): Promise<void> {
  const disable = outcome.disableService;
  await db.query(
    `with changed as (
       update deliveries
          set status = case when $7 then 'failed' else 'pending' end,
              next_attempt_at = now() + $8 * interval '1 second',
              last_attempt_at = now(), last_code = $3, last_response = $4, claim_token = null
        where id = $1 and claim_token = $2
       returning id, service_id, attempts
     ), disabled as (
       update services
          set delivery_disabled_at = now(), delivery_disabled_reason = $9,
              delivery_disabled_url = $10
        where $9::text is not null and id = (select service_id from changed)
       returning id
     )
     ${INSERT_ATTEMPT}`,
    [
      ...attemptParams(outcome),
      outcome.giveUp && !disable,
      disable ? 0 : outcome.retryInSeconds,
      disable ? storableText(disable.reason) : null,
      disable?.callbackUrl ?? null,
    ],
  );
}

export interface DeliveryRow {
  id: number;
  content_id: number;
  webhook_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_code: string | null;
  last_response: string | null;
}

export async function findDeliveryByContent(
  db: Queryable,
  contentId: number,
): Promise<DeliveryRow | undefined> {
  const rows = await db.query<DeliveryRow>(
    `select id, content_id, webhook_id, status, attempts, last_code, last_response
       from deliveries where content_id = $1 and superseded_at is null`,
    [contentId],
  );
  return rows[0];
}
