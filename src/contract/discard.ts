import { z } from 'zod';
import { okData } from './api';
import { MessageTypeSchema, MESSAGE_TYPES } from './content';
import { ACTION_REASON_MAX } from './content-tool';
import { defineEndpoint, needs } from './endpoint';
import { MAX_INT32, idSchema, textSchema } from './validation';

/**
 * Bulk discarding (/discard): every waiting or leased item a filter matches (service,
 * subscriber, status, age, message type) leaves every queue at once. A preview shows the count
 * and a sample first; the discard itself needs the count typed back. It then runs as a job, in
 * short batches (operators are never blocked for long), with its progress readable while it
 * runs. Each discarded item is delivered to its service as a `content.discarded` webhook and
 * shows on /modhistory as discarded by whom.
 *
 * Only items that existed at the preview are discarded (ids up to `max_content_id`): what
 * arrives afterwards stays in the queue.
 */
export const DISCARD_STATUSES = ['any', 'pending', 'assigned'] as const;
export type DiscardStatus = (typeof DISCARD_STATUSES)[number];
/** The oldest age a filter may name: a year, in minutes. */
export const DISCARD_MAX_AGE_MINUTES = 525_600;
export const DISCARD_SAMPLE_SIZE = 10;
/** Items discarded per transaction: short enough that an operator's submit never waits long. */
export const DISCARD_BATCH_SIZE = 200;

const optionalText = (max: number, what: string) =>
  textSchema(max, what)
    .trim()
    .transform((value) => value || undefined)
    .optional();

/** The filter as a query string carries it (the preview) and as the job stores it. */
const filterFields = {
  service_id: idSchema('service_id').optional(),
  /** The subscriber's id as their service sent it, exactly. */
  subscriber: optionalText(200, 'subscriber'),
  status: z
    .enum(DISCARD_STATUSES, { error: 'status must be any, pending or assigned' })
    .default('any'),
  /** Only items that arrived at least this many minutes ago. */
  older_than_minutes: z.coerce
    .number({ error: 'older_than_minutes must be a number' })
    .int('older_than_minutes must be a whole number')
    .min(1, 'older_than_minutes must be at least 1')
    .max(DISCARD_MAX_AGE_MINUTES, `older_than_minutes must be at most ${DISCARD_MAX_AGE_MINUTES}`)
    .optional(),
  message_type: z
    .enum(MESSAGE_TYPES, { error: `message_type must be one of ${MESSAGE_TYPES.join(', ')}` })
    .optional(),
};

export const DiscardFilterSchema = z.strictObject(filterFields);
export type DiscardFilter = z.output<typeof DiscardFilterSchema>;
export type DiscardFilterInput = z.input<typeof DiscardFilterSchema>;

export const DiscardSampleSchema = z.object({
  id: z.number().int(),
  service_name: z.string(),
  subscriber_id: z.string(),
  message_type: MessageTypeSchema,
  status: z.enum(['pending', 'assigned']),
  /** The operator holding it now. */
  holder: z.string().nullable(),
  arrived_at: z.string(),
  preview: z.string(),
});
export type DiscardSample = z.infer<typeof DiscardSampleSchema>;

export const DiscardPreviewSchema = z.object({
  count: z.number().int(),
  /** Of those, on an operator's screen now. */
  assigned: z.number().int(),
  /** The newest item the preview saw: the job takes none newer. */
  max_content_id: z.number().int(),
  /** The oldest matching items. */
  sample: z.array(DiscardSampleSchema),
});
export type DiscardPreview = z.infer<typeof DiscardPreviewSchema>;

export const DISCARD_TEXTS = {
  /** What the person types to confirm: the count, digits only (separators are ignored). */
  confirmMismatch: (count: number) => `Type the number of items, ${count}, to confirm the discard.`,
  grew: (now: number, confirmed: number) =>
    `The filter now matches ${now} items, more than the ${confirmed} you confirmed: preview again.`,
  nothingLeft: 'No item matches the filter any more: there is nothing to discard.',
  jobNotFound: (id: number) => `There is no discard job ${id}.`,
  notRunning: 'The discard has already finished.',
} as const;

/** The count as typed: digits with any separators people use. */
export function confirmedCount(typed: string): number | null {
  const digits = typed.replace(/[\s,._']/g, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : null;
}

export const StartDiscardSchema = z.strictObject({
  filter: DiscardFilterSchema,
  max_content_id: z
    .number({ error: 'max_content_id must be a number' })
    .int('max_content_id must be a whole number')
    .min(0, 'max_content_id must not be negative')
    .max(Number.MAX_SAFE_INTEGER, 'max_content_id is too large'),
  /** The count the preview showed. */
  expected: z
    .number({ error: 'expected must be a number' })
    .int('expected must be a whole number')
    .min(1, 'expected must be at least 1')
    .max(MAX_INT32, 'expected is too large'),
  /** The count as the person typed it. */
  confirmation: textSchema(40, 'confirmation'),
  reason: textSchema(ACTION_REASON_MAX, 'reason')
    .trim()
    .transform((value) => value || null)
    .nullable()
    .default(null),
});
export type StartDiscardInput = z.input<typeof StartDiscardSchema>;

export const DISCARD_JOB_STATES = ['running', 'done', 'cancelled', 'failed'] as const;

export const DiscardJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(DISCARD_JOB_STATES),
  filter: DiscardFilterSchema,
  /** The service's name when the filter names one. */
  service_name: z.string().nullable(),
  reason: z.string().nullable(),
  expected: z.number().int(),
  discarded: z.number().int(),
  /** Items taken from an operator's screen. */
  withdrawn: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type DiscardJob = z.infer<typeof DiscardJobSchema>;

const jobParams = z.object({ id: idSchema('id') });

export const discardEndpoints = {
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/discard/preview',
    access: needs('section_discard'),
    summary:
      'How many waiting or leased items the filter matches, with a sample of the oldest; nothing changes',
    query: DiscardFilterSchema,
    response: okData(DiscardPreviewSchema),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/discard/jobs',
    access: needs('section_discard'),
    summary:
      'Discard what the previewed filter matches, confirmed by its count typed back; runs in batches, answers the job',
    body: StartDiscardSchema,
    response: okData(DiscardJobSchema),
  }),
  jobs: defineEndpoint({
    method: 'GET',
    path: '/api/discard/jobs',
    access: needs('section_discard'),
    summary: 'The latest discard jobs, newest first, with their progress',
    response: okData(z.array(DiscardJobSchema)),
  }),
  job: defineEndpoint({
    method: 'GET',
    path: '/api/discard/jobs/:id',
    access: needs('section_discard'),
    summary: "One discard job's progress",
    params: jobParams,
    response: okData(DiscardJobSchema),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/discard/jobs/:id/cancel',
    access: needs('section_discard'),
    summary: 'Stop a running discard after its current batch; what it discarded stays discarded',
    params: jobParams,
    response: okData(DiscardJobSchema),
  }),
};
