import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import {
  booleanFilterSchema,
  listQuerySchema,
  listResponseSchema,
  searchFilterSchema,
} from './list';
import { idSchema, textSchema } from './validation';
import { TreatmentSchema } from './wellbeing';

/**
 * The /services screen: the client services that send content, their tag options (whose order is
 * the operators' hotkey order), AI provider and word lists, callback URL and signing secret.
 * Every call needs section_services, and every change writes an audit row in its transaction.
 *
 * Rules the server keeps (and the screen explains):
 * - a service's code is how its items and tokens are known: once it has any content item or API
 *   token it cannot change (409);
 * - the callback URL is http(s), resolves, and resolves to public addresses only, unless the
 *   delivery setting delivery_allow_private_urls allows loopback, private and link-local ones
 *   (422 saying which);
 * - the signing secret (Standard Webhooks, whsec_ + base64) is answered once, by the create and
 *   rotate calls, and by nothing else; a rotation keeps the replaced secret signing beside the
 *   new one for an overlap window, so a receiver can switch without losing a delivery;
 * - an inactive service's new items are refused at ingest (403), and recorded as failed content
 *   requests.
 */
export const PRIORITY_MIN = -1000;
export const PRIORITY_MAX = 1000;
/** Operators have hotkeys 1..9 for the first nine tag options. */
export const HOTKEY_TAGS = 9;
export const MAX_TAGS = 50;
export const MAX_WORDS_PER_TAG = 500;
export const ROTATION_OVERLAP_DEFAULT_HOURS = 24;
export const ROTATION_OVERLAP_MAX_HOURS = 7 * 24;

export const AI_PROVIDERS = ['default', 'local', 'none'] as const;
export type AiProviderChoice = (typeof AI_PROVIDERS)[number];

/**
 * Whether the AI may decide alone: 'never' (every item waits for an operator) or 'safe' (an item
 * the AI answers with no tag is decided by the AI, no tag applying, and delivered at once).
 */
export const AI_DECIDES_ALONE = ['never', 'safe'] as const;
export type AiDecidesAlone = (typeof AI_DECIDES_ALONE)[number];

/** An item should be decided within the service's SLA of its arrival (minutes; a week at most). */
export const SLA_MINUTES_MIN = 1;
export const SLA_MINUTES_MAX = 10_080;
export const SLA_MINUTES_DEFAULT = 15;

export const SERVICE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Tag names are keys of moderated_status in deliveries: no spaces, so receivers agree on them. */
export const TAG_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const serviceCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(64, 'A code has at most 64 characters')
  .regex(
    SERVICE_CODE_PATTERN,
    'A code uses letters, digits and . _ - only, and starts with a letter or digit',
  );

export const TagOptionInputSchema = z.object({
  name: z
    .string({ error: 'Enter a tag name' })
    .trim()
    .min(1, 'Enter a tag name')
    .max(50, 'A tag name has at most 50 characters')
    .regex(TAG_NAME_PATTERN, 'A tag name uses letters, digits, _ and - only'),
  label: textSchema(80, 'A label').transform((value) => value.trim()),
});
export type TagOptionInput = z.input<typeof TagOptionInputSchema>;

const wordSchema = textSchema(100, 'A word')
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, 'A word cannot be empty');

/** An empty text (no callback), or an http(s) URL; stored as null when empty. */
export const callbackUrlSchema = z
  .preprocess(
    (value) => value ?? '',
    textSchema(2048, 'The callback URL')
      .trim()
      .refine((value) => {
        // A path is the built-in demo receiver's callback: kept as it is, never newly set.
        if (value === '' || (value.startsWith('/') && !value.startsWith('//'))) return true;
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      }, 'The callback URL must be an http(s) URL, e.g. https://example.com/moderation-results'),
  )
  .transform((value) => (value ? value : null));

/** What the create and edit dialogs send; the same schema checks the form and the server. */
export const ServiceFormSchema = z
  .object({
    code: serviceCodeSchema,
    name: textSchema(100, 'The name').trim().min(1, 'Enter a name'),
    active: z.boolean({ error: 'Active must be yes or no' }),
    priority: z.coerce
      .number({ error: 'Priority must be a number' })
      .int('Priority must be a whole number')
      .min(PRIORITY_MIN, `Priority is at least ${PRIORITY_MIN}`)
      .max(PRIORITY_MAX, `Priority is at most ${PRIORITY_MAX}`),
    tags: z
      .array(TagOptionInputSchema, { error: 'Tags must be a list' })
      .max(MAX_TAGS, `A service has at most ${MAX_TAGS} tag options`),
    submit_without_tags: z.boolean({ error: 'Submit without tags must be yes or no' }),
    enable_dynamic_tags: z.boolean({ error: 'Dynamic tags must be yes or no' }),
    ai_provider: z.enum(AI_PROVIDERS, { error: 'Choose default, local or none' }),
    ai_decides_alone: z.enum(AI_DECIDES_ALONE, { error: 'Choose never or safe' }).default('never'),
    sla_minutes: z.coerce
      .number({ error: 'The SLA must be a number of minutes' })
      .int('The SLA must be a whole number of minutes')
      .min(SLA_MINUTES_MIN, `The SLA is at least ${SLA_MINUTES_MIN} minute`)
      .max(SLA_MINUTES_MAX, 'The SLA is at most a week (10080 minutes)')
      .default(SLA_MINUTES_DEFAULT),
    ai_word_lists: z.record(
      z.string(),
      z
        .array(wordSchema)
        .max(MAX_WORDS_PER_TAG, `A word list has at most ${MAX_WORDS_PER_TAG} words`),
    ),
    callback_url: callbackUrlSchema,
    /** Forced on every operator for this service's media (operators' wellbeing). */
    protect_operators: TreatmentSchema.default('none'),
  })
  .superRefine((form, context) => {
    const seen = new Set<string>();
    form.tags.forEach((tag, index) => {
      const key = tag.name.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['tags', index, 'name'],
          message: `The tag ${tag.name} is listed twice`,
        });
      }
      seen.add(key);
    });
    for (const tag of Object.keys(form.ai_word_lists)) {
      if (!form.tags.some((option) => option.name === tag)) {
        context.addIssue({
          code: 'custom',
          path: ['ai_word_lists'],
          message: `The word list ${tag} names no tag option of this service`,
        });
      }
    }
  });
export type ServiceFormInput = z.input<typeof ServiceFormSchema>;
export type ServiceForm = z.output<typeof ServiceFormSchema>;

export const RotateSecretRequestSchema = z.object({
  overlap_hours: z.coerce
    .number({ error: 'The overlap must be a number of hours' })
    .min(0, 'The overlap is at least 0 hours')
    .max(ROTATION_OVERLAP_MAX_HOURS, 'The overlap is at most 7 days (168 hours)')
    .default(ROTATION_OVERLAP_DEFAULT_HOURS),
});
export type RotateSecretInput = z.input<typeof RotateSecretRequestSchema>;

export const TagOptionRowSchema = z.object({ name: z.string(), label: z.string() });
export type TagOptionRow = z.infer<typeof TagOptionRowSchema>;

/** A list row. It never carries a secret: only whether a replaced one still signs, and until. */
export const ServiceRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  priority: z.number().int(),
  tags: z.array(TagOptionRowSchema),
  submit_without_tags: z.boolean(),
  enable_dynamic_tags: z.boolean(),
  ai_provider: z.enum(AI_PROVIDERS),
  ai_decides_alone: z.enum(AI_DECIDES_ALONE),
  sla_minutes: z.number().int(),
  ai_word_lists: z.record(z.string(), z.array(z.string())),
  callback_url: z.string().nullable(),
  protect_operators: TreatmentSchema,
  /** It has content items or API tokens: its code is fixed. */
  code_locked: z.boolean(),
  /** ISO 8601: until when the replaced secret still signs beside the current one, or null. */
  previous_secret_expires_at: z.string().nullable(),
  subscriber_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServiceRow = z.infer<typeof ServiceRowSchema>;

export const SERVICE_SORTS = ['name', 'code', 'priority', 'created'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

export const ServiceListQuerySchema = listQuerySchema({
  sortable: SERVICE_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { search: searchFilterSchema, active: booleanFilterSchema },
});
export type ServiceListQuery = z.input<typeof ServiceListQuerySchema>;

/** The signing secret in the form a receiver configures: answered once. */
export const IssuedSecretSchema = z.object({
  secret: z.string(),
  /** Rotation only: until when the replaced secret keeps signing (null: it stopped at once). */
  previous_expires_at: z.string().nullable(),
});
export type IssuedSecret = z.infer<typeof IssuedSecretSchema>;

const serviceIdParams = z.object({ id: idSchema('id') });

export const SERVICE_TEXTS = {
  duplicateCode: 'Another service has this code (codes are unique regardless of case).',
  duplicateName:
    'There is already a service with this name (names are unique regardless of case): lists of services show only the name.',
  codeLocked:
    'The code of a service that has content items or API tokens cannot change: its items, tokens and receivers know it by this code.',
  notFound: (id: number) => `There is no service with id ${id}.`,
  callbackPath:
    'A callback path is only kept for the built-in demo receiver: enter an http(s) URL, e.g. https://example.com/moderation-results.',
  inactive: (code: string) =>
    `The service ${code} is inactive: an administrator turned it off on /services, so its new items are refused.`,
} as const;

export const serviceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/services/all',
    access: needs('section_services'),
    summary: 'One page of client services with their tags, callback and state (never a secret)',
    query: ServiceListQuerySchema,
    response: listResponseSchema(ServiceRowSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/services/create',
    access: needs('section_services'),
    summary: 'Create a service; its signing secret is answered this once',
    body: ServiceFormSchema,
    response: okData(z.object({ service: ServiceRowSchema, secret: IssuedSecretSchema })),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/services/update/:id',
    access: needs('section_services'),
    summary: "Edit a service's name, state, priority, tags, AI provider and callback",
    params: serviceIdParams,
    body: ServiceFormSchema,
    response: okData(ServiceRowSchema),
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/api/services/:id/rotate-secret',
    access: needs('section_services'),
    summary:
      'Make a new signing secret, answered this once; the old one keeps signing for the overlap',
    params: serviceIdParams,
    body: RotateSecretRequestSchema,
    response: okData(z.object({ service: ServiceRowSchema, secret: IssuedSecretSchema })),
  }),
};
