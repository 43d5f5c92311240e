import { z } from 'zod';
import { OkSchema, okData } from './api';
import { DecisionBodySchema, SampleSetSummarySchema, SandboxSchema, VerdictSchema } from './demo';
import { PUBLIC, defineEndpoint, needs } from './endpoint';
import { SignupBodySchema } from './trial-signups';
import { bodyIdSchema, textSchema } from './validation';

/**
 * The public trial pages (SPEC §2: no sign-in, the main layout hidden) and what administrators
 * set up for them.
 *
 * - A brand (/trial-brands, section_trial_brands) is a prospect's view of the console: its name,
 *   two colours and a sample set. `/trial/<slug>` lets a stranger moderate that set as the demo
 *   role does (demo.ts), `/trial/<slug>/text` checks a pasted text with the configured AI,
 *   `/trial/<slug>/public` counts the brand's trial decisions live. An unknown or inactive
 *   brand is a 404 everywhere.
 * - A sign-up is the contact details a prospect leaves (trial-signups.ts); it lands on
 *   /trial/regcomplete, and administrators list and export sign-ups on /users.
 *
 * Rules the server keeps for anything a stranger sends: each kind of call is rate limited per
 * client address (429 with Retry-After), bodies are small (413 past TRIAL_BODY_LIMIT_BYTES) and
 * fields bounded (422), and nothing of it enters the moderation queue or reaches a service.
 */
export const TRIAL_PATHS = {
  brand: (slug: string) => `/trial/${slug}`,
  text: (slug: string) => `/trial/${slug}/text`,
  counter: (slug: string) => `/trial/${slug}/public`,
  signedUp: '/trial/regcomplete',
  tour: '/demo-v2',
} as const;

/** The largest body a stranger may send to a trial endpoint. */
export const TRIAL_BODY_LIMIT_BYTES = 16 * 1024;
/** The longest text /trial/<slug>/text checks. */
export const TRIAL_TEXT_MAX_LENGTH = 5_000;

export const BRAND_LIMITS = { slug: 40, name: 80, headline: 160 } as const;
/** Path words a brand cannot be called, since a route of their own takes them. */
export const RESERVED_BRAND_SLUGS = ['regcomplete'] as const;

export const BRAND_TEXTS = {
  slugFormat:
    'Use 1 to 40 lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
  slugReserved: (slug: string) => `"${slug}" is the address of another page: choose another`,
  slugTaken: 'There is already a brand with this address.',
  colorFormat: 'Enter a colour as #rrggbb',
  nameRequired: 'Enter the brand name',
  unknownSet: 'Choose one of the sample sets',
  notFound: (id: number) => `There is no brand with id ${id}.`,
  unknownBrand: (slug: string) => `There is no trial called "${slug}".`,
} as const;

export const BrandSlugSchema = z
  .string({ error: BRAND_TEXTS.slugFormat })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:-?[a-z0-9])*$/, BRAND_TEXTS.slugFormat)
  .max(BRAND_LIMITS.slug, BRAND_TEXTS.slugFormat)
  .superRefine((slug, context) => {
    if ((RESERVED_BRAND_SLUGS as readonly string[]).includes(slug)) {
      context.addIssue({ code: 'custom', message: BRAND_TEXTS.slugReserved(slug) });
    }
  });

export const HexColorSchema = z
  .string({ error: BRAND_TEXTS.colorFormat })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BRAND_TEXTS.colorFormat)
  .transform((value) => value.toLowerCase());

export const BrandFormSchema = z.object({
  slug: BrandSlugSchema,
  name: textSchema(BRAND_LIMITS.name, 'The name').trim().min(1, BRAND_TEXTS.nameRequired),
  primary_color: HexColorSchema,
  accent_color: HexColorSchema,
  sample_set: z.string({ error: BRAND_TEXTS.unknownSet }).min(1, BRAND_TEXTS.unknownSet).max(60),
  headline: textSchema(BRAND_LIMITS.headline, 'The headline').trim().default(''),
  active: z.boolean({ error: 'Active must be yes or no' }),
});
export type BrandFormInput = z.input<typeof BrandFormSchema>;

export const UpdateBrandSchema = BrandFormSchema.extend({ id: bodyIdSchema('id') });
export const DeleteBrandSchema = z.object({ id: bodyIdSchema('id') });

export const BrandRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  primary_color: z.string(),
  accent_color: z.string(),
  sample_set: z.string(),
  sample_set_title: z.string(),
  headline: z.string(),
  active: z.boolean(),
  /** Trial decisions counted for the brand, and contact details left from its pages. */
  decisions: z.number().int(),
  signups: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrandRow = z.infer<typeof BrandRowSchema>;

export const BrandOptionsSchema = z.object({ sample_sets: z.array(SampleSetSummarySchema) });

/** What a public page shows of a brand. */
export const PublicBrandSchema = z.object({
  slug: z.string(),
  name: z.string(),
  primary_color: z.string(),
  accent_color: z.string(),
  headline: z.string(),
  sample_set: SampleSetSummarySchema,
});
export type PublicBrand = z.infer<typeof PublicBrandSchema>;

const BrandParamsSchema = z.object({ brand: textSchema(200, 'brand') });

export const CheckTextBodySchema = z.strictObject({
  text: textSchema(TRIAL_TEXT_MAX_LENGTH, 'The text').refine(
    (text) => text.trim().length > 0,
    'Paste a text to check',
  ),
});

export const TextCheckSchema = z.object({
  /** The provider that answered ('local' is the built-in word lists). */
  provider: z.string(),
  /** Suggested tag names, SAFE left out; null when the provider had no answer. */
  tags: z.array(z.string()).nullable(),
  reasoning: z.string(),
  /** Seconds. */
  response_time: z.number(),
});
export type TextCheck = z.infer<typeof TextCheckSchema>;

export const TrialStatsSchema = z.object({
  decisions_total: z.number().int(),
  decisions_today: z.number().int(),
  matched_total: z.number().int(),
  partial_total: z.number().int(),
  last_decision_at: z.string().nullable(),
  /** The last TRIAL_STATS_DAYS UTC days, oldest first, each day present. */
  days: z.array(
    z.object({ day: z.string(), decisions: z.number().int(), matched: z.number().int() }),
  ),
  samples: z.array(
    z.object({
      sample_id: z.number().int(),
      title: z.string(),
      decisions: z.number().int(),
      matched: z.number().int(),
    }),
  ),
  /** When the server counted, ISO 8601. */
  counted_at: z.string(),
});
export type TrialStats = z.infer<typeof TrialStatsSchema>;
export const TRIAL_STATS_DAYS = 14;
/** How often the public counter asks again. */
export const TRIAL_STATS_REFRESH_MS = 5_000;

/** Setting up brands: /trial-brands. */
export const trialBrandEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trial-brands',
    access: needs('section_trial_brands'),
    summary: 'Every trial brand with its sample set and how much its pages were used',
    response: okData(z.array(BrandRowSchema)),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/trial-brands/options',
    access: needs('section_trial_brands'),
    summary: 'The sample sets a brand can show',
    response: okData(BrandOptionsSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/trial-brands/create',
    access: needs('section_trial_brands'),
    summary: 'Add a trial brand: its address, name, colours and sample set',
    body: BrandFormSchema,
    response: okData(BrandRowSchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/trial-brands/update',
    access: needs('section_trial_brands'),
    summary: "Change a trial brand (an inactive brand's pages answer not found)",
    body: UpdateBrandSchema,
    response: okData(BrandRowSchema),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/trial-brands/delete',
    access: needs('section_trial_brands'),
    summary: 'Delete a trial brand and its counts; its sign-ups stay, with its name',
    body: DeleteBrandSchema,
    response: okData(z.object({ id: z.number().int() })),
  }),
};

/** The public trial pages' calls: no sign-in, rate limited per address. */
export const trialEndpoints = {
  brand: defineEndpoint({
    method: 'GET',
    path: '/api/trial/:brand',
    access: PUBLIC,
    summary: 'A trial brand as its public pages show it (404 for an unknown or inactive brand)',
    params: BrandParamsSchema,
    response: okData(PublicBrandSchema),
  }),
  compact: defineEndpoint({
    method: 'GET',
    path: '/api/trial/:brand/compact',
    access: PUBLIC,
    summary: "The brand's sample set and items for its public sandbox",
    params: BrandParamsSchema,
    response: okData(SandboxSchema),
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/trial/:brand/submit',
    access: PUBLIC,
    summary:
      "Decides one sample of the brand's sandbox and answers how it compares with the reference; counted, never queued or delivered",
    params: BrandParamsSchema,
    body: DecisionBodySchema,
    response: okData(VerdictSchema),
  }),
  checkText: defineEndpoint({
    method: 'POST',
    path: '/api/trial/:brand/check-text',
    access: PUBLIC,
    summary:
      "Asks the configured AI about a pasted text with the brand's tags; nothing is stored or queued",
    params: BrandParamsSchema,
    body: CheckTextBodySchema,
    response: okData(TextCheckSchema),
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/trial/:brand/stats',
    access: PUBLIC,
    summary: "The live counter of the brand's trial decisions",
    params: BrandParamsSchema,
    response: okData(TrialStatsSchema),
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/api/trial-signups',
    access: PUBLIC,
    summary: 'Leaves a prospect’s contact details for the team (stored for administrators)',
    body: SignupBodySchema,
    response: OkSchema,
  }),
};
