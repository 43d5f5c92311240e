import { z } from 'zod';

/**
 * Content items, moderated results and the content calls of SPEC §3 and §7. One definition for
 * the ingest API, the server's validation and the client's types.
 */
export const MESSAGE_TYPES = ['text', 'image', 'video', 'other'] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const YesNoSchema = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof YesNoSchema>;

/** SPEC §5 / §9: custom tag text is at most 50 characters. */
export const CUSTOM_TAG_MAX_LENGTH = 50;
/** The ingest API takes one item or an array of up to 100. */
export const INGEST_MAX_ITEMS = 100;

const httpUrl = z
  .string()
  .trim()
  .max(2048, 'A URL has at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

export const AdditionalDetailsSchema = z.union([
  z.record(z.string(), z.unknown()),
  z.array(z.record(z.string(), z.unknown())),
]);
export type AdditionalDetails = z.infer<typeof AdditionalDetailsSchema>;

/** What a client service sends for one item (POST /api/v1/contents). */
export const IngestItemSchema = z
  .object({
    subscriber_id: z.string().trim().min(1, 'is required').max(200),
    user_id: z.string().trim().min(1, 'is required').max(200),
    username: z.string().trim().max(200).default(''),
    notes: z.string().max(5000).nullish(),
    message_type: MessageTypeSchema,
    content: z.string().min(1, 'is required').max(100_000),
    file_url: httpUrl.nullish(),
    content_additional_details: AdditionalDetailsSchema.nullish(),
  })
  .superRefine((item, ctx) => {
    // For media the content is the URL of the media; only text carries the message itself.
    if (item.message_type !== 'text' && !httpUrl.safeParse(item.content).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'must be an http(s) URL for image, video and other items',
      });
    }
  });
export type IngestItem = z.input<typeof IngestItemSchema>;

export const IngestRequestSchema = z.union([
  IngestItemSchema,
  z
    .array(IngestItemSchema)
    .min(1, 'send at least one item')
    .max(INGEST_MAX_ITEMS, `send at most ${INGEST_MAX_ITEMS} items per request`),
]);

export const IngestResponseSchema = z.object({
  ok: z.literal(true),
  data: z.object({ ids: z.array(z.number().int()) }),
});

export const TagOptionSchema = z.object({ name: z.string(), selected: z.boolean() });
export type TagOption = z.infer<typeof TagOptionSchema>;

export const AiOtherDetailsSchema = z
  .object({ reasoning: z.string().optional(), provider: z.string().optional() })
  .passthrough();

/** SPEC §3 content item as the moderation screen receives it. */
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
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

/** What set-content hands out and POST /api/content/update takes back. */
export const AssignedContentSchema = z.object({ id: z.number().int() });
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
  content_id: z.number().int(),
  // An object with a catch-all, not record().and(object()): the record half of an intersection
  // also checks 'additional' and refused every custom tag as "expected 0 or 1".
  moderated_status: z
    .object({ additional: z.string().trim().max(CUSTOM_TAG_MAX_LENGTH).optional() })
    .catchall(z.union([z.literal(0), z.literal(1)])),
  /** When the operator submitted, ISO 8601. */
  moderated_time: z.string(),
  /** When the item reached the operator's screen, ISO 8601. */
  inbound_time: z.string(),
  subscriber_id: z.string(),
  user_id: z.number().int(),
  total_contents: z.number().int().min(1),
  username: z.string(),
  is_batch_moderator: z.boolean(),
  /**
   * Made on the device for one item; the server stores each key once, bound to the user and the
   * item, and answers a replay with the first attempt's outcome.
   */
  idempotency_key: z.string().min(8).max(100).optional(),
});
export type ModeratedResult = z.infer<typeof ModeratedResultSchema>;

export const SubmitContentsRequestSchema = z
  .array(ModeratedResultSchema)
  .min(1, 'submit at least one result')
  .max(100, 'submit at most 100 results per request');

/**
 * Per-item answer to a submission. `stored` and `duplicate` (the item is already decided by the
 * same user through another submission) are acknowledgements; the others will never succeed by
 * retrying and tell the operator why. A replayed idempotency key gets the answer its first
 * attempt got, whatever it was. `not_assigned`: the item was not the caller's (never handed to
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
  user_id: z.number().int(),
  content_id: z.number().int(),
  idempotency_key: z.string().min(8).max(100).optional(),
});

export const MEDIA_LOG_ACTIONS = ['play', 'pause', 'seek', 'end', 'closeMedia'] as const;
export const MediaLogRequestSchema = z.object({
  action: z.enum(MEDIA_LOG_ACTIONS),
  user_id: z.number().int(),
  onEnlargedContent: z.boolean(),
  content: z.object({
    content_id: z.number().int(),
    currentTime: z.number().min(0),
    duration: z.number().min(0).nullable(),
  }),
  idempotency_key: z.string().min(8).max(100).optional(),
});
export type MediaLogRequest = z.infer<typeof MediaLogRequestSchema>;

/** GET /api/statistics/moderated/{id}?start_date&end_date */
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
