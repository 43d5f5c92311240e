import { z } from 'zod';
import { OkSchema } from './api';
import { ChannelFieldsSchema, ChannelSchema, channelFieldIssues } from './channels';
import { SERVICE_TOKEN, SIGNED_IN, defineEndpoint, needs } from './endpoint';
import {
  bodyIdSchema,
  hasUnstorableCharacters,
  idSchema,
  isoDateTextSchema,
  jsonValueProblem,
  textSchema,
} from './validation';
import { ProtectionSchema } from './wellbeing';

/**
 * Content items, moderated results and the content calls of SPEC §3 and §7. One definition for
 * the ingest API, the server's validation and the client's types.
 */
export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'other'] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const YesNoSchema = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof YesNoSchema>;

/** Custom tag text is at most 50 characters (SPEC §5, §9). */
export const CUSTOM_TAG_MAX_LENGTH = 50;
/** The ingest API takes one item or an array of up to 100. */
export const INGEST_MAX_ITEMS = 100;

export const httpUrl = textSchema(2048, 'A URL')
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** content_additional_details is stored as jsonb and shown in a details panel: bounded. */
export const ADDITIONAL_DETAILS_MAX_BYTES = 64 * 1024;
export const ADDITIONAL_DETAILS_MAX_DEPTH = 16;

export const AdditionalDetailsSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))])
  .superRefine((value, ctx) => {
    const problem = jsonValueProblem(value, {
      maxBytes: ADDITIONAL_DETAILS_MAX_BYTES,
      maxDepth: ADDITIONAL_DETAILS_MAX_DEPTH,
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type AdditionalDetails = z.infer<typeof AdditionalDetailsSchema>;

/** What a client service sends for one item (POST /api/v1/contents). */
export const IngestItemSchema = z
  .object({
    subscriber_id: textSchema(200, 'subscriber_id').trim().min(1, 'is required'),
    user_id: textSchema(200, 'user_id').trim().min(1, 'is required'),
    username: textSchema(200, 'username').trim().default(''),
    notes: textSchema(5000, 'notes').nullish(),
    message_type: MessageTypeSchema,
    content: textSchema(100_000, 'content').min(1, 'is required'),
    file_url: httpUrl.nullish(),
    content_additional_details: AdditionalDetailsSchema.nullish(),
    // The channel and its context (channels.ts): a field of another channel is refused.
    ...ChannelFieldsSchema.shape,
  })
  .superRefine((item, ctx) => {
    for (const issue of channelFieldIssues(item)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
    // For media the content is the URL of the media; only text carries the message itself.
    if (item.message_type !== 'text' && !httpUrl.safeParse(item.content).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'must be an http(s) URL for image, video, audio and other items',
      });
    }
  });
export type IngestItem = z.input<typeof IngestItemSchema>;

const IngestBatchSchema = z
  .array(IngestItemSchema)
  .min(1, 'send at least one item')
  .max(INGEST_MAX_ITEMS, `send at most ${INGEST_MAX_ITEMS} items per request`);

/**
 * One item or an array of items, parsed to an array. The body's shape picks the schema: a union
 * would report a bad item as a bare "Invalid input" at the root instead of naming its fields.
 */
export const IngestRequestSchema = z.unknown().transform((body, context) => {
  const parsed = Array.isArray(body)
    ? IngestBatchSchema.safeParse(body)
    : IngestItemSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ ...issue });
    return z.NEVER;
  }
  return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
}) as unknown as z.ZodType<z.output<typeof IngestBatchSchema>, IngestItem | IngestItem[]>;

/**
 * The body as a client service writes it, for the published API reference: the request schema
 * above parses from `unknown` (to name bad fields), which JSON Schema cannot describe.
 */
export const IngestBodySchema = z.union([IngestItemSchema, IngestBatchSchema]);

/**
 * The `Idempotency-Key` header of POST /api/v1/contents: a retry with the same key and body
 * answers the first answer again instead of queueing the items twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a key is remembered; a key older than this is free again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IdempotencyKeySchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(255, 'must be at most 255 characters')
  .regex(/^[A-Za-z0-9._:~-]+$/, 'may hold only letters, digits and . _ : ~ -')
  .meta({
    description: `A key of your choice, unique per logical request (a UUID will do), kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours. A retry with the same key and the same body answers the first answer again (header Idempotent-Replayed: true) and queues nothing; the same key with another body is refused with 422 idempotency_key_reused.`,
    example: '4f0c2b1e-8a57-4c1d-9c0e-3d2b7a9e6f10',
  });
/** Sent with an answer that repeats an earlier one for the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IngestResponseSchema = z.object({
  ok: z.literal(true),
  // The example is for the published reference, whose generated sample would be a huge negative.
  data: z.object({ ids: z.array(z.number().int()).meta({ examples: [[4101, 4102]] }) }),
});

export const TagOptionSchema = z.object({ name: z.string(), selected: z.boolean() });
export type TagOption = z.infer<typeof TagOptionSchema>;

export const AiOtherDetailsSchema = z
  .object({ reasoning: z.string().optional(), provider: z.string().optional() })
  .passthrough();

/** A content item as the moderation screen receives it: media, details and AI suggestions (SPEC §3). */
export const ContentItemSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  subscriber: z.string(),
  subscriber_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  notes: z.string().nullable(),
  message_type: MessageTypeSchema,
  content: z.string(),
  file_url: z.string().nullable(),
  /** Arrival time, ISO 8601 in UTC. */
  bound_time: z.string(),
  /**
   * The service's SLA in minutes (services.sla_minutes): the card's timer turns amber at 75 % of
   * it and red past it. Absent on items stored by an older console and on sample content.
   */
  sla_minutes: z.number().int().positive().optional(),
  tags: z.array(TagOptionSchema),
  customTag: z.string().nullable(),
  submit_without_tags: YesNoSchema,
  enable_dynamic_tags: YesNoSchema,
  content_additional_details: AdditionalDetailsSchema.nullable(),
  /** Suggested tag names; ['SAFE'] means none; null means no AI answer. */
  ai_moderated_status: z.array(z.string()).nullable(),
  /** Seconds. */
  ai_response_time: z.number().nullable(),
  ai_other_details: AiOtherDetailsSchema.nullable(),
  /** The item's channel (channels.ts); absent or null for none. */
  channel: ChannelSchema.nullish(),
  /** What is forced on the item for operators' wellbeing (./wellbeing.ts); absent: nothing. */
  protection: ProtectionSchema.optional(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/** What set-content hands out and POST /api/content/update takes back. */
export const AssignedContentSchema = z.object({ id: bodyIdSchema('id') });
export type AssignedContent = z.infer<typeof AssignedContentSchema>;

export const ContentUpdateRequestSchema = z
  .array(AssignedContentSchema)
  .max(100, 'ask for at most 100 items');
export const ContentUpdateResponseSchema = z.object({
  ok: z.literal(true),
  data: z.array(ContentItemSchema),
});

/** SPEC §3 moderated result: tag name (underscores) to 1 or 0, plus an optional custom tag. */
export const ModeratedResultSchema = z.object({
  content_id: bodyIdSchema('content_id'),
  // An object with a catch-all, not record().and(object()): the record half of an intersection
  // also checks 'additional' and refused every custom tag as "expected 0 or 1".
  moderated_status: z
    .object({
      additional: textSchema(CUSTOM_TAG_MAX_LENGTH, 'additional').trim().optional(),
    })
    .catchall(z.union([z.literal(0), z.literal(1)]))
    .superRefine((status, ctx) => {
      // Tag names are keys here; they are stored, so they obey the same rules as text.
      for (const key of Object.keys(status)) {
        if (key.length > 200 || hasUnstorableCharacters(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [key.slice(0, 50)],
            message: 'A tag name must be storable text of at most 200 characters',
          });
        }
      }
    }),
  /** When the operator submitted, ISO 8601. */
  moderated_time: isoDateTextSchema('moderated_time'),
  /** When the item reached the operator's screen, ISO 8601. */
  inbound_time: isoDateTextSchema('inbound_time'),
  subscriber_id: textSchema(200, 'subscriber_id'),
  user_id: bodyIdSchema('user_id'),
  total_contents: z.number().int().min(1).max(1000),
  username: textSchema(200, 'username'),
  is_batch_moderator: z.boolean(),
  /**
   * Made on the device for one item; the server stores each key once, bound to the user and the
   * item, and answers a replay with the first attempt's refusal, or `duplicate` if it was stored.
   */
  idempotency_key: textSchema(100, 'idempotency_key').min(8).optional(),
});
export type ModeratedResult = z.infer<typeof ModeratedResultSchema>;

export const SubmitContentsRequestSchema = z
  .array(ModeratedResultSchema)
  .min(1, 'submit at least one result')
  .max(100, 'submit at most 100 results per request');

/**
 * Per-item answer to a submission. `stored` and `duplicate` (the item is already decided by the
 * same user through another submission) are acknowledgements; the others will never succeed by
 * retrying and tell the operator why. A replayed idempotency key gets its first attempt's
 * refusal again, or `duplicate` when that attempt was stored. `not_assigned`: the item was not the caller's (never handed to
 * them, or handed to someone else since). `key_reused`: the key was used before for another item
 * or by another user.
 */
export const SUBMIT_OUTCOMES = [
  'stored',
  'duplicate',
  'already_decided',
  'lease_moved',
  'not_assigned',
  'unknown_content',
  'key_reused',
] as const;
export type SubmitOutcome = (typeof SUBMIT_OUTCOMES)[number];
export const ACKNOWLEDGED_OUTCOMES: readonly SubmitOutcome[] = ['stored', 'duplicate'];

export const SubmitItemResultSchema = z.object({
  content_id: z.number().int(),
  idempotency_key: z.string().nullable(),
  status: z.enum(SUBMIT_OUTCOMES),
  message: z.string(),
});
export type SubmitItemResult = z.infer<typeof SubmitItemResultSchema>;

export const SubmitContentsResponseSchema = z.object({
  ok: z.literal(true),
  data: z.array(SubmitItemResultSchema),
});

export const ModeratedTimeRequestSchema = z.object({
  user_id: bodyIdSchema('user_id'),
  content_id: bodyIdSchema('content_id'),
  idempotency_key: textSchema(100, 'idempotency_key').min(8).optional(),
});

export const MEDIA_LOG_ACTIONS = ['play', 'pause', 'seek', 'end', 'closeMedia'] as const;
export const MediaLogRequestSchema = z.object({
  action: z.enum(MEDIA_LOG_ACTIONS),
  user_id: bodyIdSchema('user_id'),
  onEnlargedContent: z.boolean(),
  content: z.object({
    content_id: bodyIdSchema('content_id'),
    // A day is far longer than any moderated media; larger numbers are client faults.
    currentTime: z.number().min(0).max(86_400),
    duration: z.number().min(0).max(86_400).nullable(),
  }),
  idempotency_key: textSchema(100, 'idempotency_key').min(8).optional(),
});
export type MediaLogRequest = z.infer<typeof MediaLogRequestSchema>;

/**
 * A date as the console sends it ('yyyy-MM-dd HH:mm:ss' or 'yyyy-MM-dd', read as UTC) or ISO
 * 8601 with its offset.
 */
const StatisticsDateSchema = z
  .string()
  .trim()
  .max(40)
  .transform((value, context) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? `${value}T00:00:00Z`
        : value;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'must be a date like 2024-05-01 00:00:00' });
      return z.NEVER;
    }
    return date;
  });

/** end_date is the last second of the range, as in 'today 00:00:00 to 23:59:59'. */
export const ModeratedCountQuerySchema = z.object({
  start_date: StatisticsDateSchema,
  end_date: StatisticsDateSchema,
});

export const ModeratedCountResponseSchema = z.object({
  ok: z.literal(true),
  data: z.object({ moderated: z.number().int() }),
});

export const UNMAP_REASONS = ['update_failed', 'cannot_load', 'operator_skip', 'parked'] as const;

export const MODERATION_TEXTS = {
  batchMode: 'BATCH MODERATION MODE',
  singleMode: 'SINGLE REVIEW MODE',
  maxContent: (count: number) => `Max Content: ${count}`,
  alreadyModerating: "It seems that you're already moderating somewhere else.",
  unavailable: 'Moderation is currently unavailable.',
  resumeUnavailable: 'Moderation is currently unavailable',
  detailsTitle: 'Content Details / Additional Field',
  noAiResponse: 'No AI Response',
  noReasoning: 'No reasoning available',
  noTags: 'No Tags Available',
  cannotLoad: 'Cannot Load Content Please Click the Link',
  parkedTitle: 'You are currently parked',
  resume: 'Resume Moderation',
  showMore: 'Show More',
  showLess: 'Show Less',
  addTag: 'Add +',
  tagsLabel: 'Tags:',
  filters: ['All', 'Photos', 'Videos', 'Text'] as const,
} as const;

/** A stored decision: tag name to 1 (applies) or 0, plus the operator's custom tag if any. */
export const DecisionStatusSchema = z
  .object({ additional: z.string().optional() })
  .catchall(z.union([z.literal(0), z.literal(1)]))
  .meta({ description: 'Tag name to 1 (applies) or 0; `additional` is a custom tag, if given.' });

/**
 * The JSON body POSTed to a service's callback URL for each decided item (fixed when the item is
 * decided, the same bytes on every retry), signed the Standard Webhooks way.
 */
export const DecisionWebhookSchema = z.object({
  type: z.literal('content.moderated'),
  /** When the item was decided, ISO 8601 in UTC. */
  timestamp: z.string(),
  data: z.object({
    content_id: z.number().int(),
    /** The service's code. */
    service: z.string(),
    subscriber_id: z.string(),
    user_id: z.string(),
    message_type: MessageTypeSchema,
    /**
     * Where the item came from on the service's side, as it was sent at ingest; null for none.
     * Absent only from bodies fixed before channels existed.
     */
    channel: ChannelSchema.nullable().optional(),
    moderated_status: DecisionStatusSchema,
    /**
     * The operator's username; null when the AI decided alone (the service lets it decide items
     * it finds no tag for: every tag 0), or once that user was deleted.
     */
    moderated_by: z.string().nullable(),
    decided_at: z.string(),
    bound_time: z.string(),
  }),
});
export type DecisionWebhook = z.infer<typeof DecisionWebhookSchema>;

/**
 * The JSON body POSTed to a service's callback URL for each item staff discarded before anyone
 * decided it (the content tool, or a bulk discard on /discard): it was taken out of the queue
 * and will never be decided. Signed, retried and deduplicated like a decision's.
 */
export const DiscardWebhookSchema = z.object({
  type: z.literal('content.discarded'),
  /** When the item was discarded, ISO 8601 in UTC. */
  timestamp: z.string(),
  data: z.object({
    content_id: z.number().int(),
    /** The service's code. */
    service: z.string(),
    subscriber_id: z.string(),
    user_id: z.string(),
    message_type: MessageTypeSchema,
    /** The username of who discarded it; null once that user was deleted. */
    discarded_by: z.string().nullable(),
    /** Why, as they wrote it; null when they gave no reason. */
    reason: z.string().nullable(),
    discarded_at: z.string(),
    bound_time: z.string(),
  }),
});
export type DiscardWebhook = z.infer<typeof DiscardWebhookSchema>;

/** The headers of each webhook POST (Standard Webhooks). */
export const DecisionWebhookHeadersSchema = z.object({
  'webhook-id': z.string().meta({
    description:
      'The same on every retry of one decision (msg_...): drop a delivery whose id you already processed.',
  }),
  'webhook-timestamp': z.string().regex(/^\d+$/).meta({
    description:
      'Unix seconds of this attempt: refuse one more than 5 minutes away from your clock.',
  }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your secret after `whsec_`. Accept when any one matches (two appear while a secret is being rotated).',
  }),
});

export const CONTENT_STATUSES = ['pending', 'assigned', 'decided', 'discarded'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * One item of the caller's service as it stands: `pending` (queued), `assigned` (on an
 * operator's screen), `decided` or `discarded` (taken out of the queue by staff, never to be
 * decided; `decided_at` is then when). `webhook` is the delivery of a decided or discarded item
 * to the callback URL, with the very body that was (or will be) POSTed; null before the
 * decision or when the service has no callback URL.
 */
export const ContentDecisionSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTENT_STATUSES),
  moderated_status: DecisionStatusSchema.nullable(),
  /** ISO 8601 in UTC; null until decided. */
  decided_at: z.string().nullable(),
  bound_time: z.string(),
  webhook: z
    .object({
      webhook_id: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      attempts: z.number().int(),
      body: z.union([DecisionWebhookSchema, DiscardWebhookSchema]),
    })
    .nullable(),
});
export type ContentDecision = z.infer<typeof ContentDecisionSchema>;

/** What a client service calls with its API token. */
export const ingestEndpoints = {
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/v1/contents',
    access: SERVICE_TOKEN,
    summary: 'Push one item or up to 100 for moderation; answers 202 with their ids',
    body: IngestRequestSchema,
    response: IngestResponseSchema,
  }),
  decision: defineEndpoint({
    method: 'GET',
    path: '/api/v1/contents/:id',
    access: SERVICE_TOKEN,
    summary:
      "The status and decision of one of the caller's items, with the webhook body it was or will be sent",
    params: z.object({ id: idSchema('id') }),
    response: z.object({ ok: z.literal(true), data: ContentDecisionSchema }),
  }),
};

/**
 * The content calls of the moderation screen: full items for the caller's leases, idempotent
 * submission, moderated time after load, media logs. Each names the caller's own user.
 */
export const moderationEndpoints = {
  contentUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/content/update',
    access: needs('section_moderation'),
    summary: 'The full items for assigned ids, only those leased to the caller',
    body: ContentUpdateRequestSchema,
    response: ContentUpdateResponseSchema,
  }),
  submitContents: defineEndpoint({
    method: 'POST',
    path: '/api/v2/content/submit-contents',
    access: needs('section_moderation'),
    summary: 'Store moderated results, each key once; answers an outcome per item',
    body: SubmitContentsRequestSchema,
    response: SubmitContentsResponseSchema,
  }),
  moderatedTime: defineEndpoint({
    method: 'POST',
    path: '/api/v2/content-duration/update-user-moderated-time',
    access: needs('section_moderation'),
    summary: "Record that an item's media loaded on the operator's screen",
    body: ModeratedTimeRequestSchema,
    response: OkSchema,
  }),
  mediaLog: defineEndpoint({
    method: 'POST',
    path: '/api/content/log-content',
    access: needs('section_moderation'),
    summary: 'Record a media event: play, pause, seek, end, closeMedia',
    body: MediaLogRequestSchema,
    response: OkSchema,
  }),
};

export const statisticsEndpoints = {
  moderatedCount: defineEndpoint({
    method: 'GET',
    path: '/api/statistics/moderated/:id',
    // The handler narrows it: one's own count, or anyone's with section_dashboard.
    access: SIGNED_IN,
    summary: 'How many items a user decided in a date range',
    params: z.object({ id: idSchema('id') }),
    query: ModeratedCountQuerySchema,
    response: ModeratedCountResponseSchema,
  }),
};
