import { z } from 'zod';
import { okData } from './api';
import { dateRangeFilters, DATE_RANGE_ORDER_MESSAGE, rangeInOrder } from './date-range';
import { defineEndpoint, needs } from './endpoint';
import { listQuerySchema, listResponseSchema, PAGE_SIZES } from './list';
import { bodyIdSchema, idSchema, textSchema } from './validation';

/**
 * AI review: /ai-moderation (the AI's answers beside the operators' decisions, and how far the
 * AI can be trusted per service and tag) and /aicontent (the AI step at work: what waits, runs,
 * was answered or failed, and retrying what failed).
 *
 * Definitions, for an item with an AI answer:
 * - AI tags: the answer's tag names without SAFE (['SAFE'] and [] both mean "no tag").
 * - Human tags: the decision's tags set to 1 (the operator's custom tag aside).
 * - Agreement: 'agree' when both sets are equal, 'disagree' otherwise, 'undecided' while no
 *   decision exists, 'ai_alone' when the AI decided the item by itself (the service lets it,
 *   services.ai_decides_alone); AI-alone items are left out of the agreement figures, since no
 *   person checked them.
 * - Per service tag T over decided items: TP = AI and human both T, FP = AI T and human not,
 *   FN = human T and AI not, TN = neither. Precision TP/(TP+FP), recall TP/(TP+FN); null when
 *   the division is by zero.
 *
 * The services of the filters come from GET /api/v2/services/fetch (service-tokens.ts).
 *
 * Every query refuses a parameter it does not know, a range longer than MAX_RANGE_DAYS and a
 * page size above 200, with a 422 naming it. Times are ISO 8601 UTC; the date axis is the item's
 * arrival (bound_time).
 */
export const AI_AGREEMENTS = ['agree', 'disagree', 'undecided', 'ai_alone'] as const;
export type AiAgreement = (typeof AI_AGREEMENTS)[number];

/** The tag name that means the AI found nothing (SPEC §3). */
export const SAFE_TAG = 'SAFE';

/** A range without `from` covers this many days up to `to` (or now). */
export const DEFAULT_RANGE_DAYS = 7;
/** The longest range a query may ask for. */
export const MAX_RANGE_DAYS = 366;
/** The AI search's page sizes: up to 200 rows, for review in bulk. */
export const AI_REVIEW_PAGE_SIZES = [...PAGE_SIZES, 200] as const;
/** The longest AI response time a filter takes: an hour, far beyond any provider's deadline. */
export const MAX_RESPONSE_MS = 3_600_000;

const DAY_MS = 86_400_000;

type RangeInput = { from?: Date | undefined; to?: Date | undefined };

/** The range a query covers once its defaults are applied. */
export function effectiveRange(query: RangeInput, now = new Date()): { from: Date; to: Date } {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  return { from, to };
}

const RANGE_TOO_LONG = `The date range may cover at most ${MAX_RANGE_DAYS} days: narrow it`;
const rangeNotTooLong = (query: RangeInput) => {
  if (!query.from) return true;
  const to = query.to?.getTime() ?? Date.now();
  return to - query.from.getTime() <= MAX_RANGE_DAYS * DAY_MS;
};

function responseMsSchema(what: string) {
  return z.coerce
    .number({ error: `${what} must be a number of milliseconds` })
    .int(`${what} must be a whole number of milliseconds`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_RESPONSE_MS, `${what} must be at most ${MAX_RESPONSE_MS} (an hour)`)
    .optional();
}

const aiSearchFilters = {
  service_id: idSchema('service_id').optional(),
  /** One of the AI's tag names, or SAFE for answers with no tag. */
  ai_tag: textSchema(100, 'ai_tag')
    .transform((value) => value.trim() || undefined)
    .optional(),
  agreement: z
    .enum(AI_AGREEMENTS, { error: `agreement must be one of ${AI_AGREEMENTS.join(', ')}` })
    .optional(),
  min_response_ms: responseMsSchema('min_response_ms'),
  max_response_ms: responseMsSchema('max_response_ms'),
  ...dateRangeFilters,
};

type ResponseRange = { min_response_ms?: number | undefined; max_response_ms?: number | undefined };
const RESPONSE_ORDER = 'max_response_ms must not be below min_response_ms';
const responseInOrder = (query: ResponseRange) =>
  query.min_response_ms === undefined ||
  query.max_response_ms === undefined ||
  query.min_response_ms <= query.max_response_ms;

const SORTABLE = ['bound_time'] as const;

export const AiSearchQuerySchema = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: 'bound_time',
  defaultOrder: 'desc',
  defaultPerPage: 25,
  pageSizes: AI_REVIEW_PAGE_SIZES,
  filters: aiSearchFilters,
})
  .strict()
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine(rangeNotTooLong, { message: RANGE_TOO_LONG, path: ['from'] })
  .refine(responseInOrder, { message: RESPONSE_ORDER, path: ['max_response_ms'] });
export type AiSearchQuery = z.output<typeof AiSearchQuerySchema>;

export const AiSearchExportQuerySchema = z
  .strictObject({
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
    sort: z.enum(SORTABLE, { error: 'sort must be bound_time' }).default('bound_time'),
    ...aiSearchFilters,
  })
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine(rangeNotTooLong, { message: RANGE_TOO_LONG, path: ['from'] })
  .refine(responseInOrder, { message: RESPONSE_ORDER, path: ['max_response_ms'] });
export type AiSearchExportQuery = z.output<typeof AiSearchExportQuerySchema>;

export const AiResultRowSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  service_name: z.string(),
  message_type: z.string(),
  /** The item's text or address, cut to 300 characters. */
  content: z.string(),
  /** Arrival, ISO 8601 UTC. */
  bound_time: z.string(),
  /** The AI's tags without SAFE: [] means it found nothing. */
  ai_tags: z.array(z.string()),
  ai_response_ms: z.number().nullable(),
  ai_reasoning: z.string().nullable(),
  ai_provider: z.string().nullable(),
  status: z.enum(['pending', 'assigned', 'decided']),
  /** The tags the decision applied (1s); null until decided. */
  human_tags: z.array(z.string()).nullable(),
  /** The operator's custom tag, if any. */
  human_custom_tag: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Who decided: the operator's username; null for the AI alone or a removed user. */
  decided_by: z.string().nullable(),
  agreement: z.enum(AI_AGREEMENTS),
});
export type AiResultRow = z.infer<typeof AiResultRowSchema>;

export const AiResultCsvRowSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  message_type: z.string(),
  arrival_utc: z.string(),
  ai_tags: z.string(),
  ai_response_ms: z.number().nullable(),
  ai_provider: z.string(),
  ai_reasoning: z.string(),
  status: z.string(),
  human_tags: z.string(),
  decided_by: z.string(),
  decided_at_utc: z.string(),
  agreement: z.string(),
  content: z.string(),
});

export const AgreementQuerySchema = z
  .strictObject({
    service_id: idSchema('service_id').optional(),
    ...dateRangeFilters,
  })
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine(rangeNotTooLong, { message: RANGE_TOO_LONG, path: ['from'] });
export type AgreementQuery = z.output<typeof AgreementQuerySchema>;

export const TagAgreementSchema = z.object({
  tag: z.string(),
  tp: z.number().int(),
  fp: z.number().int(),
  fn: z.number().int(),
  tn: z.number().int(),
  /** TP / (TP + FP); null when the AI never suggested the tag. */
  precision: z.number().nullable(),
  /** TP / (TP + FN); null when operators never applied the tag. */
  recall: z.number().nullable(),
});
export type TagAgreement = z.infer<typeof TagAgreementSchema>;

export const ServiceAgreementSchema = z.object({
  service_id: z.number().int(),
  service_name: z.string(),
  /** Items with both an AI answer and an operator's decision. */
  compared: z.number().int(),
  /** Of those, items whose whole tag set agreed. */
  agreed: z.number().int(),
  /** Items the AI decided alone (not in the figures above). */
  ai_alone: z.number().int(),
  tags: z.array(TagAgreementSchema),
});
export type ServiceAgreement = z.infer<typeof ServiceAgreementSchema>;

export const AgreementSchema = z.object({
  /** The UTC days counted, inclusive (YYYY-MM-DD): the figures are kept per day of arrival. */
  from_day: z.string(),
  to_day: z.string(),
  services: z.array(ServiceAgreementSchema),
});
export type Agreement = z.infer<typeof AgreementSchema>;

export const aiModerationEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v2/content/content-ai-moderation/search',
    access: needs('section_ai_moderation'),
    summary:
      'One page of AI results, newest first, by service, AI tag, agreement, response time and date',
    query: AiSearchQuerySchema,
    response: listResponseSchema(AiResultRowSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v2/content/export-results',
    access: needs('section_ai_moderation'),
    summary: 'The AI results of the current filter as a CSV file (every row, streamed)',
    query: AiSearchExportQuerySchema,
    response: AiResultCsvRowSchema,
    produces: 'csv',
  }),
  agreement: defineEndpoint({
    method: 'GET',
    path: '/api/ai-moderation/agreement',
    access: needs('section_ai_moderation'),
    summary: 'Precision and recall of the AI against operators per service and tag, with counts',
    query: AgreementQuerySchema,
    response: okData(AgreementSchema),
  }),
};

// ---- /aicontent ----

export const AI_CONTENT_STATES = ['waiting', 'in_progress', 'answered', 'failed'] as const;
export type AiContentState = (typeof AI_CONTENT_STATES)[number];

/** The window of the rate and latency figures. */
export const AI_CONTENT_WINDOW_MINUTES = 60;
/** The figures' buckets over that window. */
export const AI_CONTENT_BUCKET_MINUTES = 5;

export const AiContentSummarySchema = z.object({
  /** Waiting for the AI worker: never asked yet, or due again. */
  waiting: z.number().int(),
  /** Of the waiting ones, those waiting for a retry after a failed attempt. */
  retrying: z.number().int(),
  /** Being asked right now (claimed by a worker, its request not finished). */
  in_progress: z.number().int(),
  /** Gave up on AI and not decided yet: these can be retried. */
  failed: z.number().int(),
  /** Answered in the window. */
  answered: z.number().int(),
  window_minutes: z.number().int(),
  /** Provider calls in the window (every provider), from the record of AI calls. */
  calls: z.number().int(),
  failures: z.number().int(),
  /** Answers per minute over the window. */
  answers_per_minute: z.number(),
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
  /** The window in buckets, oldest first: calls, failures and p95 latency in each. */
  buckets: z.array(
    z.object({
      start: z.string(),
      calls: z.number().int(),
      failures: z.number().int(),
      p95_ms: z.number().nullable(),
    }),
  ),
});
export type AiContentSummary = z.infer<typeof AiContentSummarySchema>;

export const AiContentQuerySchema = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: 'bound_time',
  defaultOrder: 'desc',
  defaultPerPage: 25,
  pageSizes: AI_REVIEW_PAGE_SIZES,
  filters: {
    state: z
      .enum(AI_CONTENT_STATES, { error: `state must be one of ${AI_CONTENT_STATES.join(', ')}` })
      .default('failed'),
    service_id: idSchema('service_id').optional(),
  },
}).strict();
export type AiContentQuery = z.output<typeof AiContentQuerySchema>;

export const AiContentRowSchema = z.object({
  id: z.number().int(),
  service_name: z.string(),
  message_type: z.string(),
  content: z.string(),
  bound_time: z.string(),
  /** The item in the queue: a failed item can be retried only while undecided. */
  status: z.enum(['pending', 'assigned', 'decided']),
  ai_state: z.enum(['pending', 'done', 'failed', 'none']),
  ai_attempts: z.number().int(),
  /** Waiting: when the next attempt is due; in progress: when its lease ends. */
  ai_next_attempt_at: z.string().nullable(),
  ai_answered_at: z.string().nullable(),
  ai_tags: z.array(z.string()).nullable(),
  ai_response_ms: z.number().nullable(),
  ai_provider: z.string().nullable(),
  /** The provider's last failure for this item (kept until an answer comes). */
  error: z
    .object({
      provider: z.string(),
      code: z.string(),
      response: z.string(),
      attempts: z.number().int(),
      at: z.string(),
    })
    .nullable(),
});
export type AiContentRow = z.infer<typeof AiContentRowSchema>;

export const AiRetryAllBodySchema = z.strictObject({
  /** Only this service's failed items; all services without it. */
  service_id: bodyIdSchema('service_id').optional(),
});

export const AI_CONTENT_TEXTS = {
  notRetryable: 'Only an undecided item whose AI step failed can be retried.',
  noSuchItem: (id: number) => `There is no item with id ${id}.`,
} as const;

export const aiContentEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/ai-content/summary',
    access: needs('section_ai_content'),
    summary: 'Items waiting for, being asked of, answered by and failed at the AI; the last hour',
    response: okData(AiContentSummarySchema),
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/api/ai-content/items',
    access: needs('section_ai_content'),
    summary: 'One page of the items in one AI state, newest first, with the last provider error',
    query: AiContentQuerySchema,
    response: listResponseSchema(AiContentRowSchema),
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/ai-content/items/:id/retry',
    access: needs('section_ai_content'),
    summary: 'Ask the AI again about one undecided item whose AI step failed',
    params: z.object({ id: idSchema('id') }),
    response: okData(z.object({ ai_state: z.enum(['pending', 'done', 'failed', 'none']) })),
  }),
  retryFailed: defineEndpoint({
    method: 'POST',
    path: '/api/ai-content/retry-failed',
    access: needs('section_ai_content'),
    summary: 'Ask the AI again about every undecided item whose AI step failed',
    body: AiRetryAllBodySchema,
    response: okData(z.object({ count: z.number().int() })),
  }),
};
