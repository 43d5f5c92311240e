import { z } from 'zod';
import { MessageTypeSchema } from './content';
import { DeliveryAttemptSchema } from './delivery';
import { DATE_RANGE_ORDER_MESSAGE, dateRangeFilters, rangeInOrder } from './date-range';
import { defineEndpoint, needs } from './endpoint';
import { keysetExportQuerySchema, keysetQuerySchema, keysetResponseSchema } from './list';
import { contentIdSchema, idSchema, textSchema } from './validation';

/**
 * The moderation history (/modhistory) and its customer twin (/customer-moderation): every
 * decided item, newest decision first, searchable by item, service, subscriber, the subscriber's
 * user, operator, tag, who decided (a person, the AI alone, or staff who discarded it: the
 * operator fields then name who discarded it) and a UTC date range; one item in
 * full (content, the AI's suggestion beside the decision, the timings of each step, the media
 * log and every delivery attempt); and the CSV export of a filter.
 *
 * The customer endpoints take the same query and answer the same shapes, always limited by the
 * server to the services linked to the caller on /users (user_services). An item of another
 * service is answered 404, as if it did not exist. Customers do not see who of the staff
 * decided: the operator fields are null for them and the operator filter is not theirs.
 *
 * Bounds that keep every request fast: the range spans at most HISTORY_MAX_DAYS days (without
 * from/to: the last HISTORY_DEFAULT_DAYS days), pages hold at most 200 rows and are keyset pages
 * (src/contract/list.ts), so any page costs what the first does.
 */
export const HISTORY_DEFAULT_DAYS = 7;
export const HISTORY_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** Who decided: an operator, the AI alone, or nobody (staff discarded the item). */
export const DECISION_SOURCES = ['human', 'ai', 'discard'] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

const exactText = (max: number, what: string) =>
  textSchema(max, what)
    .transform((value) => value.trim() || undefined)
    .optional();

const customerFilters = {
  content_id: contentIdSchema('content_id').optional(),
  service_id: idSchema('service_id').optional(),
  /** The subscriber's id on this console (the /subscriber list's row). */
  subscriber_id: idSchema('subscriber_id').optional(),
  /** The subscriber's user: their user id or username as the service sent it, exact. */
  user: exactText(200, 'user'),
  /** A tag the decision applied (value 1), by its name. */
  tag: exactText(100, 'tag'),
  source: z.enum(DECISION_SOURCES, { error: 'source must be human, ai or discard' }).optional(),
  ...dateRangeFilters,
};

const staffFilters = {
  ...customerFilters,
  operator_id: idSchema('operator_id').optional(),
};

export const HISTORY_RANGE_MESSAGE = `The date range spans at most ${HISTORY_MAX_DAYS} days: narrow from and to`;

/** The range a query reads: from/to as given, else the last HISTORY_DEFAULT_DAYS days. */
export function historyRange(
  query: { from?: Date | undefined; to?: Date | undefined },
  now: Date = new Date(),
): { from: Date; to: Date } {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - HISTORY_DEFAULT_DAYS * DAY_MS);
  return { from, to };
}

function spanWithinLimit(query: { from?: Date | undefined; to?: Date | undefined }): boolean {
  const { from, to } = historyRange(query);
  return to.getTime() - from.getTime() <= HISTORY_MAX_DAYS * DAY_MS;
}

function withRangeRules<S extends z.ZodType<{ from?: Date | undefined; to?: Date | undefined }>>(
  schema: S,
) {
  return schema
    .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
    .refine(spanWithinLimit, { message: HISTORY_RANGE_MESSAGE, path: ['from'] });
}

export const HistoryQuerySchema = withRangeRules(keysetQuerySchema({ filters: staffFilters }));
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;
export const CustomerHistoryQuerySchema = withRangeRules(
  keysetQuerySchema({ filters: customerFilters }),
);
export const HistoryExportQuerySchema = withRangeRules(keysetExportQuerySchema(staffFilters));
export const CustomerHistoryExportQuerySchema = withRangeRules(
  keysetExportQuerySchema(customerFilters),
);
/** What the server's repository takes: the staff filter; a customer's has no operator. */
export type HistoryFilterQuery = z.output<typeof HistoryExportQuerySchema>;

export const HistoryRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  decided_at: z.string(),
  /** Arrival (bound_time), ISO 8601, UTC. */
  arrived_at: z.string(),
  service_id: z.number().int(),
  service_name: z.string(),
  subscriber_id: z.number().int(),
  subscriber_name: z.string(),
  /** The subscriber's user, as the service sent them. */
  user_id: z.string(),
  username: z.string(),
  message_type: MessageTypeSchema,
  /** The start of a text item, or the address of a media item. */
  preview: z.string(),
  /** Tag names the decision applied (value 1). */
  tags: z.array(z.string()),
  /** The custom tag the operator typed, if any. */
  additional: z.string().nullable(),
  source: z.enum(DECISION_SOURCES),
  /**
   * Who decided (an operator) or discarded the item; null for customers, and for an AI
   * decision.
   */
  operator_id: z.number().int().nullable(),
  operator_username: z.string().nullable(),
  /** The AI's suggested tag names; ['SAFE'] means none; null: no AI answer. */
  ai_tags: z.array(z.string()).nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

export const HistoryTimingsSchema = z.object({
  arrived_at: z.string(),
  ai_answered_at: z.string().nullable(),
  assigned_at: z.string().nullable(),
  loaded_at: z.string().nullable(),
  decided_at: z.string(),
});
export type HistoryTimings = z.infer<typeof HistoryTimingsSchema>;

export const MediaLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** Null for customers. */
  username: z.string().nullable(),
  on_enlarged: z.boolean(),
  media_time: z.number(),
  duration: z.number().nullable(),
});
export type MediaLogEntry = z.infer<typeof MediaLogEntrySchema>;

export const HistoryDeliverySchema = z.object({
  status: z.enum(['pending', 'delivered', 'failed']),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(DeliveryAttemptSchema),
});
export type HistoryDelivery = z.infer<typeof HistoryDeliverySchema>;

export const HistoryDetailSchema = HistoryRowSchema.extend({
  content: z.string(),
  file_url: z.string().nullable(),
  notes: z.string().nullable(),
  moderated_status: z.record(z.string(), z.union([z.number(), z.string()])),
  ai_response_time: z.number().nullable(),
  ai_reasoning: z.string().nullable(),
  ai_provider: z.string().nullable(),
  timings: HistoryTimingsSchema,
  media_log: z.array(MediaLogEntrySchema),
  /** Null when the service has no callback (nothing to deliver). */
  delivery: HistoryDeliverySchema.nullable(),
});
export type HistoryDetail = z.infer<typeof HistoryDetailSchema>;

export const HistoryOptionsSchema = z.object({
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Tag names of those services, sorted. */
  tags: z.array(z.string()),
  /** People who can decide (staff only; empty for customers). */
  operators: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export type HistoryOptions = z.infer<typeof HistoryOptionsSchema>;

/** One line of the CSV export, in column order. */
export const HistoryCsvRowSchema = z.object({
  content_id: z.number().int(),
  decided_at_utc: z.string(),
  arrived_at_utc: z.string(),
  service: z.string(),
  subscriber: z.string(),
  user_id: z.string(),
  username: z.string(),
  message_type: z.string(),
  tags: z.string(),
  additional: z.string(),
  source: z.string(),
  operator: z.string(),
  ai_tags: z.string(),
  content: z.string(),
});

const itemParams = z.object({ id: contentIdSchema('id') });

export const HISTORY_TEXTS = {
  notFound: (id: number) => `There is no decided item ${id}.`,
} as const;

function historyEndpointsFor<Query extends z.ZodType, ExportQuery extends z.ZodType>(
  base: string,
  permission: 'section_message_history' | 'section_customer_moderation',
  query: Query,
  exportQuery: ExportQuery,
  who: string,
) {
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `${base}/decisions`,
      access: needs(permission),
      summary: `One keyset page of decided items of ${who}, newest decision first`,
      query,
      response: keysetResponseSchema(HistoryRowSchema),
    }),
    detail: defineEndpoint({
      method: 'GET',
      path: `${base}/decisions/:id`,
      access: needs(permission),
      summary: `One decided item of ${who}: content, AI suggestion, timings, media log, deliveries`,
      params: itemParams,
      response: z.object({ ok: z.literal(true), data: HistoryDetailSchema }),
    }),
    export: defineEndpoint({
      method: 'GET',
      path: `${base}/decisions/export`,
      access: needs(permission),
      summary: `The decided items of ${who} for the filter as a CSV file (every row, streamed)`,
      query: exportQuery,
      response: HistoryCsvRowSchema,
      produces: 'csv',
    }),
    options: defineEndpoint({
      method: 'GET',
      path: `${base}/options`,
      access: needs(permission),
      summary: `The services, tags and operators the filters of ${who} offer`,
      response: z.object({ ok: z.literal(true), data: HistoryOptionsSchema }),
    }),
  };
}

export const historyEndpoints = historyEndpointsFor(
  '/api/history',
  'section_message_history',
  HistoryQuerySchema,
  HistoryExportQuerySchema,
  'every service',
);

export const customerHistoryEndpoints = historyEndpointsFor(
  '/api/customer-moderation',
  'section_customer_moderation',
  CustomerHistoryQuerySchema,
  CustomerHistoryExportQuerySchema,
  "the caller's linked services",
);
