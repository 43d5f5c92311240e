import {
  LEASE_END_REASONS,
  type ContentToolItem,
  type LeaseEndReason,
  type TimelineEvent,
} from '../../../src/contract/content-tool';
import type { MessageType } from '../../../src/contract/content';
import { queryOne, type Queryable } from '../../db/database';
import { attemptsOf } from '../delivery/aggregator-repository';
import { appliedTags } from '../history/history-repository';

/**
 * One item's whole life for the content tool, read from where each step is kept: the item row
 * (arrival, the AI's answer, the running lease, the current decision), ai_failures, the lease
 * history (content_leases), content_durations (loads), moderation_results (every submission),
 * content_actions (staff actions, with the decisions a requeue took back), deliveries (the
 * current one and those superseded) with their attempts, and how it came in (the audit log's
 * content sender row, or its Dev Box run). Each source is read by the item's id through its
 * own index; lists are cut at TIMELINE_ROW_LIMIT rows each.
 */
const TIMELINE_ROW_LIMIT = 500;

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const isoOf = (value: Date | string) => new Date(value).toISOString();

interface ItemRow {
  id: number;
  status: ContentToolItem['status'];
  decision_source: ContentToolItem['decision_source'];
  service_id: number;
  service_name: string;
  service_code: string;
  sandbox: boolean;
  subscriber_id: string;
  subscriber_name: string;
  user_id: string;
  username: string;
  message_type: MessageType;
  content: string;
  file_url: string | null;
  notes: string | null;
  content_additional_details: unknown;
  bound_time: Date;
  assigned_at: Date | null;
  lease_expires_at: Date | null;
  holder: string | null;
  ai_state: 'pending' | 'done' | 'failed' | 'none';
  ai_answered_at: Date | null;
  ai_moderated_status: string[] | null;
  ai_response_time: number | null;
  ai_other_details: { reasoning?: unknown; provider?: unknown } | null;
  decided_at: Date | null;
  decided_by_name: string | null;
  moderated_status: Record<string, unknown> | null;
}

function additionalOf(status: Record<string, unknown> | null): string | null {
  const value = status?.additional;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const statusObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function leaseReason(value: string): LeaseEndReason {
  return (LEASE_END_REASONS as readonly string[]).includes(value)
    ? (value as LeaseEndReason)
    : 'released';
}

export async function readContentTimeline(
  db: Queryable,
  id: number,
): Promise<ContentToolItem | undefined> {
  const item = await queryOne<ItemRow>(
    db,
    `select c.id, c.status, c.decision_source, c.service_id, s.name as service_name,
            s.code as service_code, s.sandbox, sb.external_id as subscriber_id,
            sb.name as subscriber_name, c.user_id, c.username, c.message_type, c.content,
            c.file_url, c.notes, c.content_additional_details, c.bound_time, c.assigned_at,
            c.lease_expires_at, case when c.status = 'assigned' then h.username end as holder,
            c.ai_state, c.ai_answered_at, c.ai_moderated_status, c.ai_response_time,
            c.ai_other_details, c.decided_at, d.username as decided_by_name, c.moderated_status
       from contents c
       join services s on s.id = c.service_id
       join subscribers sb on sb.id = c.subscriber_id
       left join users h on h.id = c.assigned_to
       left join users d on d.id = c.decided_by
      where c.id = $1`,
    [id],
  );
  if (!item) return undefined;

  const [via, aiFailure, leases, loads, submissions, actions, deliveries] = await Promise.all([
    ingestChannel(db, id),
    queryOne<{
      provider: string;
      ai_status: string;
      response: string;
      attempts: number;
      failed_at: Date;
    }>(
      db,
      'select provider, ai_status, response, attempts, failed_at from ai_failures where content_id = $1',
      [id],
    ),
    db.query<{
      started_at: Date | null;
      ended_at: Date;
      end_reason: string;
      end_detail: string | null;
      username: string | null;
    }>(
      `select l.started_at, l.ended_at, l.end_reason, l.end_detail, u.username
         from content_leases l left join users u on u.id = l.user_id
        where l.content_id = $1 order by l.id limit ${TIMELINE_ROW_LIMIT}`,
      [id],
    ),
    db.query<{ loaded_at: Date; username: string | null }>(
      `select d.loaded_at, u.username
         from content_durations d left join users u on u.id = d.user_id
        where d.content_id = $1 order by d.loaded_at, d.id limit ${TIMELINE_ROW_LIMIT}`,
      [id],
    ),
    db.query<{ received_at: Date; outcome: string; username: string | null }>(
      `select r.received_at, r.outcome, u.username
         from moderation_results r left join users u on u.id = r.user_id
        where r.content_id = $1 order by r.received_at, r.id limit ${TIMELINE_ROW_LIMIT}`,
      [id],
    ),
    db.query<{
      at: Date;
      action: 'requeued' | 'discarded' | 'redelivered';
      actor_username: string;
      reason: string | null;
      details: { job_id?: unknown; previous?: Record<string, unknown> };
      previous_by: string | null;
    }>(
      `select a.at, a.action, a.actor_username, a.reason, a.details, u.username as previous_by
         from content_actions a
         left join users u on u.id = (a.details -> 'previous' ->> 'by_id')::integer
        where a.content_id = $1 order by a.id limit ${TIMELINE_ROW_LIMIT}`,
      [id],
    ),
    db.query<{
      id: number;
      webhook_id: string;
      type: string | null;
      status: 'pending' | 'delivered' | 'failed' | 'cancelled';
      created_at: Date;
      delivered_at: Date | null;
      superseded_at: Date | null;
    }>(
      `select id, webhook_id, body::jsonb ->> 'type' as type, status, created_at, delivered_at,
              superseded_at
         from (select * from deliveries where content_id = $1 and superseded_at is null
               union all
               select * from deliveries where content_id = $1 and superseded_at is not null) d
        order by created_at, id`,
      [id],
    ),
  ]);

  const timeline: TimelineEvent[] = [{ kind: 'ingested', at: isoOf(item.bound_time), ...via }];

  if (item.ai_state === 'done' && item.ai_answered_at) {
    const details = item.ai_other_details;
    timeline.push({
      kind: 'ai_answered',
      at: isoOf(item.ai_answered_at),
      provider: text(details?.provider),
      tags: Array.isArray(item.ai_moderated_status) ? item.ai_moderated_status.map(String) : null,
      response_time: item.ai_response_time,
      reasoning: text(details?.reasoning),
    });
  }
  if (aiFailure) {
    timeline.push({
      kind: 'ai_failed',
      at: isoOf(aiFailure.failed_at),
      provider: aiFailure.provider,
      status: aiFailure.ai_status,
      response: aiFailure.response,
      attempts: aiFailure.attempts,
      gave_up: item.ai_state === 'failed',
    });
  }

  for (const lease of leases) {
    timeline.push({
      kind: 'lease',
      at: isoOf(lease.started_at ?? lease.ended_at),
      operator: lease.username,
      ended_at: isoOf(lease.ended_at),
      end_reason: leaseReason(lease.end_reason),
      end_detail: lease.end_detail,
      expires_at: null,
    });
  }
  if (item.status === 'assigned' && item.assigned_at) {
    timeline.push({
      kind: 'lease',
      at: isoOf(item.assigned_at),
      operator: item.holder,
      ended_at: null,
      end_reason: null,
      end_detail: null,
      expires_at: iso(item.lease_expires_at),
    });
  }
  for (const load of loads) {
    timeline.push({ kind: 'loaded', at: isoOf(load.loaded_at), operator: load.username });
  }
  for (const submission of submissions) {
    timeline.push({
      kind: 'submitted',
      at: isoOf(submission.received_at),
      operator: submission.username,
      outcome: submission.outcome,
    });
  }

  for (const action of actions) {
    const jobId = Number(action.details.job_id);
    timeline.push({
      kind: 'action',
      at: isoOf(action.at),
      action: action.action,
      by: action.actor_username,
      reason: action.reason,
      discard_job_id: Number.isInteger(jobId) && jobId > 0 ? jobId : null,
    });
    // The decision a requeue took back (a discard shows as its own action).
    const previous = action.details.previous;
    if (previous && (previous.source === 'human' || previous.source === 'ai')) {
      const status = statusObject(previous.moderated_status);
      timeline.push({
        kind: 'decided',
        at: typeof previous.at === 'string' ? previous.at : isoOf(action.at),
        source: previous.source,
        operator: previous.source === 'human' ? action.previous_by : null,
        tags: appliedTags(status),
        additional: additionalOf(status),
        taken_back: true,
      });
    }
  }
  if (
    item.status === 'decided' &&
    item.decided_at &&
    (item.decision_source === 'human' || item.decision_source === 'ai')
  ) {
    const status = statusObject(item.moderated_status);
    timeline.push({
      kind: 'decided',
      at: isoOf(item.decided_at),
      source: item.decision_source,
      operator: item.decision_source === 'human' ? item.decided_by_name : null,
      tags: appliedTags(status),
      additional: additionalOf(status),
      taken_back: false,
    });
  }

  const attempts = await attemptsOf(
    db,
    deliveries.map((delivery) => Number(delivery.id)),
  );
  for (const delivery of deliveries) {
    timeline.push({
      kind: 'delivery',
      at: isoOf(delivery.created_at),
      webhook_id: delivery.webhook_id,
      type: delivery.type === 'content.discarded' ? 'content.discarded' : 'content.moderated',
      status: delivery.status,
      delivered_at: iso(delivery.delivered_at),
      superseded_at: iso(delivery.superseded_at),
    });
    for (const attempt of attempts.get(Number(delivery.id)) ?? []) {
      timeline.push({
        kind: 'attempt',
        at: attempt.attempted_at,
        webhook_id: delivery.webhook_id,
        attempt: attempt.attempt,
        status_code: attempt.status_code,
        error_code: attempt.error_code,
        latency_ms: attempt.latency_ms,
        response_excerpt: attempt.response_excerpt,
      });
    }
  }

  // Oldest first; events at the same instant keep the order of a life (arrival before the AI,
  // a lease before its load, a decision before its delivery).
  const order: Record<TimelineEvent['kind'], number> = {
    ingested: 0,
    ai_answered: 1,
    ai_failed: 1,
    lease: 2,
    loaded: 3,
    submitted: 4,
    decided: 5,
    action: 6,
    delivery: 7,
    attempt: 8,
  };
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || order[a.kind] - order[b.kind]);

  const current = deliveries.find((delivery) => delivery.superseded_at === null);
  return {
    id: Number(item.id),
    status: item.status,
    decision_source: item.decision_source,
    service_id: item.service_id,
    service_name: item.service_name,
    service_code: item.service_code,
    subscriber_id: item.subscriber_id,
    subscriber_name: item.subscriber_name,
    user_id: item.user_id,
    username: item.username,
    message_type: item.message_type,
    content: item.content,
    file_url: item.file_url,
    notes: item.notes,
    content_additional_details: item.content_additional_details ?? null,
    arrived_at: isoOf(item.bound_time),
    holder: item.holder,
    lease_expires_at: item.status === 'assigned' ? iso(item.lease_expires_at) : null,
    sandbox: item.sandbox,
    can: {
      requeue: item.status !== 'pending',
      discard: item.status !== 'decided',
      redeliver: current !== undefined,
    },
    timeline,
  };
}

/** How the item came in: the Dev Box, the content sender (its audit row) or the service API. */
async function ingestChannel(
  db: Queryable,
  id: number,
): Promise<Pick<Extract<TimelineEvent, { kind: 'ingested' }>, 'via' | 'by'>> {
  const row = await queryOne<{ via: 'sandbox' | 'content_sender'; by: string | null }>(
    db,
    `select 'sandbox' as via, u.username as by
       from sandbox_runs r left join users u on u.id = r.created_by
      where r.content_id = $1
     union all
     (select 'content_sender', a.actor_username from audit_log a
       where a.target_type = 'content' and a.target_id = $2 and a.action = 'content.send'
       order by a.at limit 1)
     limit 1`,
    [id, String(id)],
  );
  return row ? { via: row.via, by: row.by } : { via: 'api', by: null };
}
