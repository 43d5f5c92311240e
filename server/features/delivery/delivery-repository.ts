import type { Queryable } from '../../db/database';
import { storableText } from '../../db/storable';

/**
 * The delivery outbox. Rules:
 * - `enqueueDeliveries` runs inside the transaction that decides the items: the decision and its
 *   delivery row commit together or not at all. The body is fixed then, so every retry sends the
 *   same bytes under the same webhook-id.
 * - A claim takes due rows with FOR UPDATE SKIP LOCKED, counts the attempt and leases the row
 *   for one request (next_attempt_at moves past the request's deadline, claim_token marks the
 *   holder). Results are written only by the holder of the claim; a worker that died mid-request
 *   loses its lease and the row is sent again (receivers deduplicate on webhook-id).
 */

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Writes the delivery row of every given item that is decided and whose service has a callback. */
export async function enqueueDeliveries(
  tx: Queryable,
  contentIds: readonly number[],
): Promise<number> {
  if (contentIds.length === 0) return 0;
  const rows = await tx.query(
    `insert into deliveries (content_id, service_id, webhook_id, body)
     select c.id, c.service_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
            jsonb_build_object(
              'type', 'content.moderated',
              'timestamp', to_char(c.decided_at at time zone 'UTC', ${UTC_ISO}),
              'data', jsonb_build_object(
                'content_id', c.id,
                'service', s.code,
                'subscriber_id', sub.external_id,
                'user_id', c.user_id,
                'message_type', c.message_type,
                'moderated_status', c.moderated_status,
                'moderated_by', u.username,
                'decided_at', to_char(c.decided_at at time zone 'UTC', ${UTC_ISO}),
                'bound_time', to_char(c.bound_time at time zone 'UTC', ${UTC_ISO})))::text
       from contents c
       join services s on s.id = c.service_id
       join subscribers sub on sub.id = c.subscriber_id
       left join users u on u.id = c.decided_by
      where c.id = any($1::bigint[]) and c.status = 'decided' and s.callback_url is not null
     on conflict (content_id) do nothing
     returning id`,
    [contentIds],
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: number;
  content_id: number;
  webhook_id: string;
  body: string;
  /** Attempts including this one. */
  attempts: number;
  callback_url: string | null;
  webhook_secret: string;
  service_code: string;
}

export async function claimDueDeliveries(
  db: Queryable,
  options: { limit: number; claimToken: string; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with due as (
       select id from deliveries
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit $1
        for update skip locked
     )
     update deliveries d
        set attempts = d.attempts + 1, claim_token = $2,
            next_attempt_at = now() + $3 * interval '1 second'
       from due, services s
      where d.id = due.id and s.id = d.service_id
     returning d.id, d.content_id, d.webhook_id, d.body, d.attempts, s.callback_url,
               s.webhook_secret, s.code as service_code`,
    [options.limit, options.claimToken, options.leaseSeconds],
  );
}

export async function recordDeliverySuccess(
  db: Queryable,
  delivery: { id: number; claimToken: string; code: string; response: string },
): Promise<void> {
  await db.query(
    `update deliveries
        set status = 'delivered', delivered_at = now(), last_attempt_at = now(), last_code = $3,
            last_response = $4, claim_token = null
      where id = $1 and claim_token = $2`,
    [
      delivery.id,
      delivery.claimToken,
      storableText(delivery.code),
      storableText(delivery.response),
    ],
  );
}

/** A failed attempt: retried after `retryInSeconds`, or given up when `giveUp`. */
export async function recordDeliveryFailure(
  db: Queryable,
  delivery: {
    id: number;
    claimToken: string;
    code: string;
    response: string;
    giveUp: boolean;
    retryInSeconds: number;
  },
): Promise<void> {
  await db.query(
    `update deliveries
        set status = case when $5 then 'failed' else 'pending' end,
            next_attempt_at = now() + $6 * interval '1 second',
            last_attempt_at = now(), last_code = $3, last_response = $4, claim_token = null
      where id = $1 and claim_token = $2`,
    [
      delivery.id,
      delivery.claimToken,
      storableText(delivery.code),
      storableText(delivery.response),
      delivery.giveUp,
      delivery.retryInSeconds,
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
       from deliveries where content_id = $1`,
    [contentId],
  );
  return rows[0];
}
