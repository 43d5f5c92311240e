import type { Queryable } from '../../db/database';
import { enqueueDiscardDeliveries, supersedeDelivery } from '../delivery/delivery-repository';
import { leaseEndSql } from '../moderation/content-repository';

/**
 * What staff do to items by hand: discard, requeue, redeliver. Each runs in the caller's
 * transaction (with its audit row) and leaves a content_actions row, so the item's timeline says
 * who did what and why. Rules:
 * - Discard takes waiting or leased items only. The item is decided as 'discard' (no decision,
 *   no operator: discarded_by names who), its `content.discarded` delivery is queued in the same
 *   transaction, and the lease it was on ends as 'discarded'. Nothing is added to the report
 *   or AI rollups: nobody judged it.
 * - Requeue puts a leased or decided item back to pending. A decision it takes back is kept in
 *   the action's details and its delivery is superseded (kept with its attempts); the next
 *   decision is delivered anew. The item's last holder may no longer submit it late.
 * - Redeliver makes the item's current delivery due now with a new round of attempts, the same
 *   webhook-id and body (a delivered one is sent again too: the receiver may have lost it).
 * - A delivery being sent right now (claimed by a worker) is left alone: requeue and redeliver
 *   answer 'in_flight' and change nothing.
 */
export interface Actor {
  /** Null once the user who started a bulk discard was deleted. */
  id: number | null;
  username: string;
}

export interface Discarded {
  ids: number[];
  /** Operators who had some of them on screen. */
  holders: number[];
  /** How many of them were on an operator's screen. */
  withdrawn: number;
}

/**
 * Discards the undecided items that `picked` selects. `picked` is a select of `id` from
 * contents that locks its rows (for update, with skip locked for a batch) and may use the
 * parameters in `params`, which come first ($1, $2, ...).
 */
export async function discardPicked(
  tx: Queryable,
  picked: { sql: string; params: readonly unknown[] },
  actor: Actor,
  options: { reason: string | null; jobId: number | null },
): Promise<Discarded> {
  const n = picked.params.length;
  const rows = await tx.query<{ id: number; assigned_to: number | null }>(
    `with picked as (${picked.sql}),
     discarded as (
       update contents c
          set status = 'decided', decision_source = 'discard', decided_by = null,
              discarded_by = $${n + 1}, decided_at = now(), moderated_status = null,
              lease_expires_at = null
         from picked
        where c.id = picked.id and c.status in ('pending', 'assigned')
       returning c.id, c.assigned_to
     ),
     recorded as (
       insert into content_actions (content_id, action, actor_id, actor_username, reason, details)
       select id, 'discarded', $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb from discarded
     )
     select id, assigned_to from discarded`,
    [
      ...picked.params,
      actor.id,
      actor.username,
      options.reason,
      JSON.stringify(options.jobId === null ? {} : { job_id: options.jobId }),
    ],
  );
  const ids = rows.map((row) => Number(row.id));
  await enqueueDiscardDeliveries(tx, ids, options.reason);
  // Released items have no holder; a leased one keeps its operator in assigned_to.
  const held = rows.filter((row) => row.assigned_to !== null);
  return {
    ids,
    holders: [...new Set(held.map((row) => Number(row.assigned_to)))],
    withdrawn: held.length,
  };
}

export type DecisionSource = 'human' | 'ai' | 'discard';

interface LockedItem {
  status: 'pending' | 'assigned' | 'decided';
  assigned_to: number | null;
  decision_source: DecisionSource | null;
  decided_by: number | null;
  discarded_by: number | null;
  decided_at: Date | null;
  moderated_status: unknown;
}

async function lockItem(tx: Queryable, id: number): Promise<LockedItem | undefined> {
  const rows = await tx.query<LockedItem>(
    `select status, assigned_to, decision_source, decided_by, discarded_by, decided_at,
            moderated_status
       from contents where id = $1 for update`,
    [id],
  );
  return rows[0];
}

/** Discards one item; answers its state instead when it is not waiting or leased. */
export async function discardItem(
  tx: Queryable,
  id: number,
  actor: Actor,
  reason: string | null,
): Promise<
  { discarded: Discarded } | { refused: 'missing' } | { refused: 'decided'; source: DecisionSource }
> {
  const row = await lockItem(tx, id);
  if (!row) return { refused: 'missing' };
  if (row.status === 'decided') {
    return { refused: 'decided', source: row.decision_source ?? 'human' };
  }
  const discarded = await discardPicked(
    tx,
    { sql: 'select id from contents where id = $1', params: [id] },
    actor,
    { reason, jobId: null },
  );
  return { discarded };
}

export type RequeueOutcome =
  | { kind: 'requeued'; holder: number | null }
  | { kind: 'missing' }
  | { kind: 'pending' }
  | { kind: 'in_flight' };

/** Puts one leased or decided item back to pending; see the rules above. */
export async function requeueItem(
  tx: Queryable,
  id: number,
  actor: Actor,
  reason: string | null,
): Promise<RequeueOutcome> {
  const row = await lockItem(tx, id);
  if (!row) return { kind: 'missing' };
  if (row.status === 'pending') return { kind: 'pending' };
  let previous: Record<string, unknown> | null = null;
  if (row.status === 'decided') {
    if (!(await supersedeDelivery(tx, id))) return { kind: 'in_flight' };
    previous = {
      source: row.decision_source,
      by_id: row.decision_source === 'discard' ? row.discarded_by : row.decided_by,
      at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      moderated_status: row.moderated_status,
    };
  }
  await tx.query(
    `insert into content_actions (content_id, action, actor_id, actor_username, reason, details)
     values ($1, 'requeued', $2, $3, $4, $5::jsonb)`,
    [id, actor.id, actor.username, reason, JSON.stringify(previous ? { previous } : {})],
  );
  await tx.query(
    `update contents
        set status = 'pending', assigned_to = null, assigned_at = null, lease_expires_at = null,
            last_assigned_to = null, decided_by = null, decided_at = null,
            decision_source = null, moderated_status = null, loaded_at = null,
            discarded_by = null
      where id = $1 and ${leaseEndSql('$2')}`,
    [id, 'requeued'],
  );
  return { kind: 'requeued', holder: row.status === 'assigned' ? row.assigned_to : null };
}

export type RedeliverOutcome = 'redelivered' | 'missing' | 'none' | 'in_flight';

/** Makes the item's current delivery due now, with a new round of attempts. */
export async function redeliverItem(
  tx: Queryable,
  id: number,
  actor: Actor,
  reason: string | null,
): Promise<RedeliverOutcome> {
  const row = await lockItem(tx, id);
  if (!row) return 'missing';
  const delivery = await tx.query<{ claimed: boolean }>(
    `select claim_token is not null as claimed from deliveries
      where content_id = $1 and superseded_at is null for update`,
    [id],
  );
  if (!delivery[0]) return 'none';
  if (delivery[0].claimed) return 'in_flight';
  await tx.query(
    `update deliveries
        set status = 'pending', next_attempt_at = now(), round_start_attempts = attempts
      where content_id = $1 and superseded_at is null`,
    [id],
  );
  await tx.query(
    `insert into content_actions (content_id, action, actor_id, actor_username, reason)
     values ($1, 'redelivered', $2, $3, $4)`,
    [id, actor.id, actor.username, reason],
  );
  return 'redelivered';
}
