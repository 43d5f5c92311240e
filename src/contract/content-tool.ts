import { z } from 'zod';
import { okData } from './api';
import { MessageTypeSchema } from './content';
import { defineEndpoint, needs } from './endpoint';
import { textSchema, contentIdSchema } from './validation';

/**
 * The content tool (/content-tool): one item by id and its whole life as a timeline (arrival,
 * the AI's answer or failure, every lease with why it ended, loads, submissions, decisions,
 * staff actions, every delivery and attempt), and the three things staff may do to it:
 * requeue (back to pending, its history kept), discard, redeliver. Each action is confirmed on
 * screen and written to the audit log with the change.
 */

/** Why a lease ended (migration 060's trigger writes these). */
export const LEASE_END_REASONS = [
  'submitted',
  'decided',
  'discarded',
  'requeued',
  'unmapped',
  'parked',
  'kicked',
  'deactivated',
  'lapsed',
  'released',
] as const;
export type LeaseEndReason = (typeof LEASE_END_REASONS)[number];

export const ITEM_STATUSES = ['pending', 'assigned', 'decided'] as const;
export const ITEM_DECISION_SOURCES = ['human', 'ai', 'discard'] as const;
export const ITEM_ACTIONS = ['requeued', 'discarded', 'redelivered'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];
export const WEBHOOK_TYPES = ['content.moderated', 'content.discarded'] as const;
export const TIMELINE_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;

const at = z.string();
const person = z.string().nullable();

/** How the item came in: a service's API call, the content sender or the Dev Box. */
export const INGEST_CHANNELS = ['api', 'content_sender', 'sandbox'] as const;

export const TimelineEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ingested'),
    at,
    via: z.enum(INGEST_CHANNELS),
    /** Who sent it, for the content sender and the Dev Box. */
    by: person,
  }),
  z.object({
    kind: z.literal('ai_answered'),
    at,
    provider: z.string().nullable(),
    /** The suggested tag names; ['SAFE'] or [] means none. */
    tags: z.array(z.string()).nullable(),
    response_time: z.number().nullable(),
    reasoning: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('ai_failed'),
    at,
    provider: z.string(),
    status: z.string(),
    response: z.string(),
    attempts: z.number().int(),
    /** The item went on to operators without an answer (no retry left). */
    gave_up: z.boolean(),
  }),
  z.object({
    kind: z.literal('lease'),
    at,
    operator: person,
    /** When it ended; null while it runs. */
    ended_at: z.string().nullable(),
    end_reason: z.enum(LEASE_END_REASONS).nullable(),
    /** What the reason carries (the console's unmap reason). */
    end_detail: z.string().nullable(),
    /** While it runs: when it lapses unless renewed. */
    expires_at: z.string().nullable(),
  }),
  z.object({ kind: z.literal('loaded'), at, operator: person }),
  z.object({
    kind: z.literal('submitted'),
    at,
    operator: person,
    /** What the submission got (stored, duplicate, already_decided, not_assigned, ...). */
    outcome: z.string(),
  }),
  z.object({
    kind: z.literal('decided'),
    at,
    source: z.enum(['human', 'ai']),
    operator: person,
    tags: z.array(z.string()),
    additional: z.string().nullable(),
    /** A later requeue took this decision back. */
    taken_back: z.boolean(),
  }),
  z.object({
    kind: z.literal('action'),
    at,
    action: z.enum(ITEM_ACTIONS),
    by: person,
    reason: z.string().nullable(),
    /** The bulk discard that took it, if any. */
    discard_job_id: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('delivery'),
    at,
    webhook_id: z.string(),
    type: z.enum(WEBHOOK_TYPES),
    status: z.enum(TIMELINE_DELIVERY_STATUSES),
    delivered_at: z.string().nullable(),
    /** Set once a requeue took its decision back: kept as history. */
    superseded_at: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('attempt'),
    at,
    webhook_id: z.string(),
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    error_code: z.string().nullable(),
    latency_ms: z.number().int(),
    response_excerpt: z.string(),
  }),
]);
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export type TimelineKind = TimelineEvent['kind'];

export const ContentToolItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  decision_source: z.enum(ITEM_DECISION_SOURCES).nullable(),
  service_id: z.number().int(),
  service_name: z.string(),
  service_code: z.string(),
  /** The subscriber as the service names them, and their display name. */
  subscriber_id: z.string(),
  subscriber_name: z.string(),
  user_id: z.string(),
  username: z.string(),
  message_type: MessageTypeSchema,
  content: z.string(),
  file_url: z.string().nullable(),
  notes: z.string().nullable(),
  content_additional_details: z.unknown().nullable(),
  arrived_at: z.string(),
  /** The operator holding it now, with the lease's end unless renewed. */
  holder: z.string().nullable(),
  lease_expires_at: z.string().nullable(),
  /** A Dev Box sample item. */
  sandbox: z.boolean(),
  /** Which actions make sense now (the server checks again). */
  can: z.object({ requeue: z.boolean(), discard: z.boolean(), redeliver: z.boolean() }),
  /** Oldest first. */
  timeline: z.array(TimelineEventSchema),
});
export type ContentToolItem = z.infer<typeof ContentToolItemSchema>;

export const ACTION_REASON_MAX = 500;

export const ItemActionBodySchema = z.strictObject({
  reason: textSchema(ACTION_REASON_MAX, 'reason')
    .trim()
    .transform((value) => value || null)
    .nullable()
    .default(null),
});
export type ItemActionBody = z.input<typeof ItemActionBodySchema>;

export const CONTENT_TOOL_TEXTS = {
  notFound: (id: number) => `There is no item ${id}.`,
  alreadyPending: 'The item is already waiting in the queue: there is nothing to requeue.',
  alreadyDecided: (how: string) => `The item is already ${how}: only waiting items are discarded.`,
  deliveryInFlight:
    'Its delivery is being sent right now: wait a moment (the result shows in the timeline) and try again.',
  nothingToRedeliver:
    'The item has no delivery to send again: it is not decided, or its service has no callback URL.',
} as const;

const itemParams = z.object({ id: contentIdSchema('id') });
const ItemAnswerSchema = okData(ContentToolItemSchema);

export const contentToolEndpoints = {
  item: defineEndpoint({
    method: 'GET',
    path: '/api/content-tool/items/:id',
    access: needs('section_content_tool'),
    summary:
      'One item with its timeline: arrival, AI, leases and why they ended, loads, decisions, staff actions, deliveries and attempts',
    params: itemParams,
    response: ItemAnswerSchema,
  }),
  requeue: defineEndpoint({
    method: 'POST',
    path: '/api/content-tool/items/:id/requeue',
    access: needs('section_content_tool'),
    summary:
      'Put an item back in the queue (from a lease or a decision, which is kept in its history); audited',
    params: itemParams,
    body: ItemActionBodySchema,
    response: ItemAnswerSchema,
  }),
  discard: defineEndpoint({
    method: 'POST',
    path: '/api/content-tool/items/:id/discard',
    access: needs('section_content_tool'),
    summary:
      'Discard a waiting or leased item: it leaves every queue and its service gets a content.discarded webhook; audited',
    params: itemParams,
    body: ItemActionBodySchema,
    response: ItemAnswerSchema,
  }),
  redeliver: defineEndpoint({
    method: 'POST',
    path: '/api/content-tool/items/:id/redeliver',
    access: needs('section_content_tool'),
    summary:
      "Send an item's webhook again now, with a new round of attempts (the same webhook-id and body); audited",
    params: itemParams,
    body: ItemActionBodySchema,
    response: ItemAnswerSchema,
  }),
};
