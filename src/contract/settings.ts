import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { MAX_CONTENT_MAX, MAX_CONTENT_MIN } from './users';
import { textSchema } from './validation';
import { BREAK_MODES, parseTagTreatments, parseTagWords } from './wellbeing';

/**
 * The catalogue of system settings, shared by the server's registry
 * (server/features/settings/settings-registry.ts, which holds the precedence rule) and the
 * /settings screen: per key its group, label, description, input type, range, default, the
 * environment variable that pins it, and the zod schema both sides check a value with.
 *
 * A new setting is one entry here; the screen, the list and save calls, the range messages and
 * the environment parsing follow from it.
 */
export const SETTING_GROUPS = [
  'moderation',
  'wellbeing',
  'delivery',
  'ai',
  'maintenance',
  'sessions',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTING_GROUP_LABELS: Record<SettingGroup, string> = {
  moderation: 'Moderation',
  wellbeing: 'Operator wellbeing',
  delivery: 'Result delivery',
  ai: 'AI provider',
  maintenance: 'Maintenance',
  sessions: 'Sessions',
};

/**
 * How the screen edits a value: a number with its range, a switch, one line of text, a URL, a
 * choice, a comma-separated list of seconds, or a write-only secret (answered only as set or
 * not set, never as its value).
 */
export type SettingType = 'number' | 'boolean' | 'text' | 'url' | 'choice' | 'seconds' | 'secret';

interface Definition<S extends z.ZodType> {
  group: SettingGroup;
  label: string;
  description: string;
  type: SettingType;
  /** The environment variable that pins the value (shown as pinned, read-only, on the screen). */
  env: string;
  schema: S;
  default: z.output<S>;
  min?: number;
  max?: number;
  /** Whole numbers only (number settings). */
  integer?: boolean;
  unit?: string;
  options?: readonly string[];
}

function define<S extends z.ZodType>(definition: Definition<S>): Definition<S> {
  return definition;
}

function numberSchema(label: string, min: number, max: number, unit: string, integer: boolean) {
  const range = `${label} must be between ${min} and ${max} ${unit}`;
  const base = z.number({ error: `${label} must be a number` });
  return (integer ? base.int(`${label} must be a whole number`) : base)
    .min(min, range)
    .max(max, range);
}

function numberSetting(
  spec: Omit<Definition<z.ZodNumber>, 'schema' | 'type' | 'min' | 'max' | 'unit'> & {
    min: number;
    max: number;
    unit: string;
  },
) {
  return define({
    ...spec,
    type: 'number',
    schema: numberSchema(spec.label, spec.min, spec.max, spec.unit, spec.integer === true),
  });
}

/** The longest single wait of a retry schedule: a week. */
export const MAX_RETRY_WAIT_SECONDS = 7 * 86_400;
const MAX_SCHEDULE_STEPS = 30;

/**
 * A list of waits in seconds. Takes an array of numbers, or the text "5, 300, 1800" that the
 * screen's input and the environment variable hold.
 */
const retryScheduleSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map((part) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN))
      : value,
  z
    .array(
      z
        .number({ error: 'Each wait must be a number of seconds' })
        .min(0, 'A wait cannot be negative')
        .max(
          MAX_RETRY_WAIT_SECONDS,
          `Each wait must be between 0 and ${MAX_RETRY_WAIT_SECONDS} seconds`,
        ),
      { error: 'List the waits in seconds, separated by commas' },
    )
    .min(1, 'List at least one wait')
    .max(MAX_SCHEDULE_STEPS, `List at most ${MAX_SCHEDULE_STEPS} waits`),
);

const booleanSchema = (label: string) => z.boolean({ error: `${label} must be on or off` });

/**
 * The default schedule spans more than three days before an item becomes 'Stuck Failed': the
 * waits after attempts 1 to 9 add up to 272,105 s (3 d 3 h 35 min 5 s), and the 10th attempt is
 * the last. A receiver down over a long weekend still gets its results.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [
  5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 86_400, 86_400,
];
export const DEFAULT_DELIVERY_MAX_ATTEMPTS = 10;

export const AI_PROVIDERS = ['local', 'openai'] as const;

/** One line of text another parser reads (tag lists): the parser's problem is the message. */
function parsedTextSchema(label: string, parse: (text: string) => unknown) {
  return textSchema(4_000, label)
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      const parsed = parse(value);
      if (typeof parsed === 'string')
        ctx.addIssue({ code: 'custom', message: `${label}: ${parsed}` });
    });
}

export const SETTINGS = {
  lease_grace_seconds: numberSetting({
    group: 'moderation',
    label: 'Lease grace',
    description:
      'How long a dropped operator keeps their items before they go back to the queue. A reconnect within it gets them back.',
    env: 'LEASE_GRACE_SECONDS',
    default: 60,
    min: 1,
    max: 86_400,
    unit: 'seconds',
  }),
  ai_wait_seconds: numberSetting({
    group: 'moderation',
    label: 'AI wait',
    description: 'How long a new item waits for its AI answer before operators get it without one.',
    env: 'AI_WAIT_SECONDS',
    default: 30,
    min: 0,
    max: 3_600,
    unit: 'seconds',
  }),
  default_max_content: numberSetting({
    group: 'moderation',
    label: 'Default max content',
    description: 'How many items a new user holds at once, unless their account says otherwise.',
    env: 'DEFAULT_MAX_CONTENT',
    default: 6,
    min: MAX_CONTENT_MIN,
    max: MAX_CONTENT_MAX,
    unit: 'items',
    integer: true,
  }),
  stuck_pending_minutes: numberSetting({
    group: 'moderation',
    label: 'Stuck pending after',
    description: "An item waiting longer than this shows in the dashboard's Stuck Pending table.",
    env: 'STUCK_PENDING_MINUTES',
    default: 30,
    min: 1,
    max: 10_080,
    unit: 'minutes',
    integer: true,
  }),
  media_max_megabytes: numberSetting({
    group: 'moderation',
    label: 'Upload size limit',
    description:
      'The largest image, video or audio file the content sender takes; larger uploads are refused with 413.',
    env: 'MEDIA_MAX_MB',
    default: 50,
    min: 1,
    max: 2_048,
    unit: 'MB',
    integer: true,
  }),
  wellbeing_tag_treatments: define({
    group: 'wellbeing',
    label: 'Forced treatment per AI tag',
    description:
      'Items the AI tagged so are shown treated to every operator until revealed: tag:treatment pairs separated by commas, the treatment one of none, blur, grayscale, both. Example: self_harm:blur, gore:both',
    type: 'text',
    env: 'WELLBEING_TAG_TREATMENTS',
    schema: parsedTextSchema('Forced treatment per AI tag', parseTagTreatments),
    default: '',
  }),
  wellbeing_tag_words: define({
    group: 'wellbeing',
    label: 'Masked words per AI tag',
    description:
      'In text items the AI tagged so, these words show as •••• until the card is revealed: tag: word, word; tag: word. Example: harassment: idiot, loser; hate: slur',
    type: 'text',
    env: 'WELLBEING_TAG_WORDS',
    schema: parsedTextSchema('Masked words per AI tag', parseTagWords),
    default: '',
  }),
  wellbeing_break_after_seconds: numberSetting({
    group: 'wellbeing',
    label: 'Break reminder after',
    description:
      'Offer a break after this long of continuous moderation (3600 is an hour); 0 turns the reminder off.',
    env: 'WELLBEING_BREAK_AFTER_SECONDS',
    default: 3_600,
    min: 0,
    max: 86_400,
    unit: 'seconds',
    integer: true,
  }),
  wellbeing_sensitive_cap_per_hour: numberSetting({
    group: 'wellbeing',
    label: 'Sensitive items per hour',
    description:
      'Offer a break once an operator was shown this many sensitive items (a treatment forced by service or AI tag) within an hour; 0: no cap.',
    env: 'WELLBEING_SENSITIVE_CAP_PER_HOUR',
    default: 0,
    min: 0,
    max: 10_000,
    unit: 'items',
    integer: true,
  }),
  wellbeing_break_mode: define({
    group: 'wellbeing',
    label: 'When a break is due',
    description: 'offer: a dialog offers the break. send: the operator goes to the break at once.',
    type: 'choice',
    env: 'WELLBEING_BREAK_MODE',
    schema: z.enum(BREAK_MODES, { error: `Choose one of ${BREAK_MODES.join(', ')}` }),
    default: 'offer',
    options: BREAK_MODES,
  }),
  wellbeing_break_seconds: numberSetting({
    group: 'wellbeing',
    label: 'Break length',
    description: 'The break timer shown on the park screen.',
    env: 'WELLBEING_BREAK_SECONDS',
    default: 300,
    min: 10,
    max: 3_600,
    unit: 'seconds',
    integer: true,
  }),
  delivery_retry_schedule_seconds: define({
    group: 'delivery',
    label: 'Retry schedule',
    description:
      'Seconds to wait after the 1st, 2nd, … failed delivery attempt; the last wait repeats.',
    type: 'seconds',
    env: 'DELIVERY_RETRY_SCHEDULE',
    schema: retryScheduleSchema,
    default: DEFAULT_RETRY_SCHEDULE_SECONDS,
    min: 0,
    max: MAX_RETRY_WAIT_SECONDS,
    unit: 'seconds',
  }),
  delivery_max_attempts: numberSetting({
    group: 'delivery',
    label: 'Max attempts',
    description: "Delivery attempts before an item is given up as 'Stuck Failed'.",
    env: 'DELIVERY_MAX_ATTEMPTS',
    default: DEFAULT_DELIVERY_MAX_ATTEMPTS,
    min: 1,
    max: 100,
    unit: 'attempts',
    integer: true,
  }),
  delivery_timeout_ms: numberSetting({
    group: 'delivery',
    label: 'Request timeout',
    description: 'Deadline of one delivery request to a service callback.',
    env: 'DELIVERY_TIMEOUT_MS',
    default: 15_000,
    min: 50,
    max: 120_000,
    unit: 'ms',
    integer: true,
  }),
  delivery_allow_private_urls: define({
    group: 'delivery',
    label: 'Allow private callback addresses',
    description:
      'Deliver to loopback, private and link-local addresses. Off in production: a callback URL could otherwise reach internal systems.',
    type: 'boolean',
    env: 'DELIVERY_ALLOW_PRIVATE_URLS',
    schema: booleanSchema('Allow private callback addresses'),
    default: false,
  }),
  ai_provider: define({
    group: 'ai',
    label: 'Provider',
    description:
      'local: the built-in offline provider. openai: an OpenAI-compatible API at the base URL below.',
    type: 'choice',
    env: 'AI_PROVIDER',
    schema: z.enum(AI_PROVIDERS, { error: `Provider must be one of ${AI_PROVIDERS.join(', ')}` }),
    default: 'local',
    options: AI_PROVIDERS,
  }),
  ai_base_url: define({
    group: 'ai',
    label: 'Base URL',
    description: 'The OpenAI-compatible API, e.g. https://api.openai.com/v1.',
    type: 'url',
    env: 'AI_BASE_URL',
    schema: z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'Base URL must be an http(s) URL' }).max(2_000),
    ]),
    default: '',
  }),
  ai_model: define({
    group: 'ai',
    label: 'Model',
    description: 'The model the API is asked with.',
    type: 'text',
    env: 'AI_MODEL',
    schema: textSchema(200, 'Model')
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'Enter a model')),
    default: 'gpt-4o-mini',
  }),
  ai_api_key: define({
    group: 'ai',
    label: 'API key',
    description: "The API's bearer key. Write-only: it is never shown again once saved.",
    type: 'secret',
    env: 'AI_API_KEY',
    schema: textSchema(1_000, 'API key').transform((value) => value.trim()),
    default: '',
  }),
  ai_timeout_ms: numberSetting({
    group: 'ai',
    label: 'Request timeout',
    description: 'Deadline of one AI request.',
    env: 'AI_TIMEOUT_MS',
    default: 20_000,
    min: 100,
    max: 300_000,
    unit: 'ms',
    integer: true,
  }),
  ai_max_attempts: numberSetting({
    group: 'ai',
    label: 'Max attempts',
    description:
      "AI requests per item before it goes to operators without an AI answer (and shows under 'Failed Ai Moderate').",
    env: 'AI_MAX_ATTEMPTS',
    default: 3,
    min: 1,
    max: 20,
    unit: 'attempts',
    integer: true,
  }),
  ai_retry_schedule_seconds: define({
    group: 'ai',
    label: 'Retry schedule',
    description: 'Seconds to wait after the 1st, 2nd, … failed AI request; the last wait repeats.',
    type: 'seconds',
    env: 'AI_RETRY_SCHEDULE',
    schema: retryScheduleSchema,
    default: [10, 60],
    min: 0,
    max: MAX_RETRY_WAIT_SECONDS,
    unit: 'seconds',
  }),
  maintenance: define({
    group: 'maintenance',
    label: 'Maintenance mode',
    description:
      'On: every server on this database answers API calls and page loads with the maintenance page. People who may change settings keep working, so it can be switched off here (or with `npm run maintenance -- off`); sign-in is closed meanwhile.',
    type: 'boolean',
    env: 'MAINTENANCE',
    schema: booleanSchema('Maintenance mode'),
    default: false,
  }),
  session_idle_minutes: numberSetting({
    group: 'sessions',
    label: 'Idle timeout',
    description: 'A session ends after this long without a request.',
    env: 'SESSION_IDLE_MINUTES',
    default: 240,
    min: 1,
    max: 43_200,
    unit: 'minutes',
    integer: true,
  }),
  session_absolute_hours: numberSetting({
    group: 'sessions',
    label: 'Absolute timeout',
    description: 'A session ends this long after sign-in, whatever happens.',
    env: 'SESSION_ABSOLUTE_HOURS',
    default: 24,
    min: 1,
    max: 720,
    unit: 'hours',
    integer: true,
  }),
};

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as [SettingKey, ...SettingKey[]];
export type SettingValues = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };
export type SettingDefinition = Definition<z.ZodType>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export function settingDefinition(key: SettingKey): SettingDefinition {
  return SETTINGS[key] as SettingDefinition;
}

export function settingKeysOf(group: SettingGroup): SettingKey[] {
  return SETTING_KEYS.filter((key) => SETTINGS[key].group === group);
}

/** Where the value in force comes from: the environment pins it, else the table, else default. */
export const SETTING_SOURCES = ['env', 'table', 'default'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

const settingValueSchema = z.union([
  z.number(),
  z.boolean(),
  z.string(),
  z.array(z.number()),
  z.null(),
]);

export const SettingRowSchema = z.object({
  key: z.enum(SETTING_KEYS),
  group: z.enum(SETTING_GROUPS),
  label: z.string(),
  description: z.string(),
  type: z.enum(['number', 'boolean', 'text', 'url', 'choice', 'seconds', 'secret']),
  min: z.number().nullable(),
  max: z.number().nullable(),
  integer: z.boolean(),
  unit: z.string().nullable(),
  options: z.array(z.string()).nullable(),
  env: z.string(),
  /** Null for a secret: its default is not told either. */
  default: settingValueSchema,
  /** The value in force; always null for a secret (see `is_set`). */
  value: settingValueSchema,
  /** A secret: whether it has a value. Other settings: true. */
  is_set: z.boolean(),
  source: z.enum(SETTING_SOURCES),
  /** The environment sets it: the screen shows it read-only and a save of it is refused. */
  pinned: z.boolean(),
  /** Who saved the table's value last, and when (ISO 8601); null when never saved. */
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SettingRow = z.infer<typeof SettingRowSchema>;

/**
 * A save: setting key -> new value. Every key is checked by the server against the catalogue
 * (unknown key, value out of range, pinned by the environment: 422 naming the key) before
 * anything is written, and the whole save is one transaction.
 */
export const SaveSettingsRequestSchema = z
  .record(z.string().max(100), z.unknown(), { error: 'Send an object of setting key and value' })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one setting' })
  .refine((body) => Object.keys(body).length <= 100, { message: 'Too many settings at once' });
export type SaveSettingsRequest = z.input<typeof SaveSettingsRequestSchema>;

export const settingsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/settings/list',
    access: needs('section_settings'),
    summary: 'Every system setting with its metadata, value in force, source and last change',
    response: okData(z.array(SettingRowSchema)),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/api/settings/save',
    access: needs('section_settings'),
    summary: 'Save settings (key -> value) in one transaction; takes effect without a restart',
    body: SaveSettingsRequestSchema,
    response: okData(z.array(SettingRowSchema)),
  }),
};

/** What /settings tells open consoles after a save anywhere: which keys changed (no values). */
export const SettingsChangedSchema = z.object({ keys: z.array(z.string()) });
export type SettingsChanged = z.infer<typeof SettingsChangedSchema>;
