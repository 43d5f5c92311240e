import { z } from 'zod';
import { okData } from './api';
import { CUSTOM_TAG_MAX_LENGTH } from './content';
import { defineEndpoint, needs } from './endpoint';
import { bodyIdSchema, textSchema, contentIdSchema } from './validation';

/**
 * The Dev Box (/sandbox): a developer sends a sample text through the whole pipeline as a
 * chosen service (its tags, word lists and AI provider) and watches each step: ingest, the AI,
 * the queue, the decision (their own, as the operator, or the AI's alone), the delivery and the
 * signed webhook as the built-in receiver got it, with whether its signature verified.
 *
 * The sample belongs to the sandbox service, whose deliveries always go to the built-in
 * receiver: a run never reaches a real service's callback. In operator mode the item is leased
 * to its sender at once, so no operator gets it; a run left undecided for
 * SANDBOX_RUN_MINUTES is discarded.
 */
export const SANDBOX_MODES = ['operator', 'ai'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
export const SANDBOX_RUN_MINUTES = 15;
export const SANDBOX_TEXT_MAX = 5_000;
/** What the API samples send, and what a run starts with. */
export const SANDBOX_SAMPLE_TEXT = 'Hello from the Dev Box: is this message fine to show?';
/** The ingest API's path, for the samples. */
export const INGEST_PATH = '/api/v1/contents';

export const SandboxServiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});

export const SandboxOptionsSchema = z.object({
  /** The real services a run may borrow the settings of (not the sandbox service itself). */
  services: z.array(SandboxServiceSchema),
});
export type SandboxOptions = z.infer<typeof SandboxOptionsSchema>;

export const StartSandboxRunSchema = z.strictObject({
  service_id: z.number({ error: 'Choose a service' }).pipe(bodyIdSchema('service_id')),
  mode: z.enum(SANDBOX_MODES, { error: 'mode must be operator or ai' }),
  text: textSchema(SANDBOX_TEXT_MAX, 'text').trim().min(1, 'Enter the text to send'),
});
export type StartSandboxRunInput = z.input<typeof StartSandboxRunSchema>;

export const SANDBOX_STEPS = [
  'ingested',
  'ai',
  'queue',
  'decision',
  'delivery',
  'received',
] as const;
export type SandboxStepKey = (typeof SANDBOX_STEPS)[number];
/** done; active (happening now, or waiting for the developer); waiting (not reached); failed; skipped. */
export const SANDBOX_STEP_STATES = ['done', 'active', 'waiting', 'failed', 'skipped'] as const;

export const SandboxStepSchema = z.object({
  key: z.enum(SANDBOX_STEPS),
  state: z.enum(SANDBOX_STEP_STATES),
  at: z.string().nullable(),
  /** One line on what happened (or what it waits for). */
  detail: z.string(),
});
export type SandboxStep = z.infer<typeof SandboxStepSchema>;

export const ReceivedWebhookSchema = z.object({
  received_at: z.string(),
  webhook_id: z.string(),
  /** Every header as the receiver got it, in order, names in lower case. */
  headers: z.record(z.string(), z.string()),
  /** The raw body. */
  body: z.string(),
  verified: z.boolean(),
  /** What the receiver answered (200, or 401 for a signature that does not verify). */
  answered_status: z.number().int().nullable(),
});
export type ReceivedWebhook = z.infer<typeof ReceivedWebhookSchema>;

export const SandboxRunSchema = z.object({
  id: z.number().int(),
  mode: z.enum(SANDBOX_MODES),
  /** The service whose settings it borrowed; null once that service was deleted. */
  service: SandboxServiceSchema.nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  text: z.string(),
  /** The tag options to decide with, in hotkey order. */
  tags: z.array(z.string()),
  submit_without_tags: z.boolean(),
  enable_dynamic_tags: z.boolean(),
  /** The AI's suggested tag names; null without an answer yet. */
  ai_tags: z.array(z.string()).nullable(),
  steps: z.array(SandboxStepSchema),
  received: z.array(ReceivedWebhookSchema),
  /** The caller may decide it now (it is leased to them). */
  decidable: z.boolean(),
  /** Nothing more will happen: received and verified, or stopped. */
  finished: z.boolean(),
});
export type SandboxRun = z.infer<typeof SandboxRunSchema>;

export const SandboxRunSummarySchema = z.object({
  id: z.number().int(),
  mode: z.enum(SANDBOX_MODES),
  service_name: z.string().nullable(),
  created_at: z.string(),
  /** The furthest step reached. */
  reached: z.enum(SANDBOX_STEPS),
  verified: z.boolean().nullable(),
});
export type SandboxRunSummary = z.infer<typeof SandboxRunSummarySchema>;

export const SandboxDecisionSchema = z.strictObject({
  /** The tags that apply; the others are 0. */
  tags: z.array(textSchema(200, 'tag')).max(100, 'at most 100 tags'),
  additional: textSchema(CUSTOM_TAG_MAX_LENGTH, 'additional')
    .trim()
    .transform((value) => value || undefined)
    .optional(),
});
export type SandboxDecisionInput = z.input<typeof SandboxDecisionSchema>;

export const SANDBOX_TEXTS = {
  unknownService: 'There is no such service: reload the page to see the current list.',
  runNotFound: (id: number) => `There is no Dev Box run ${id}.`,
  notYours: 'Only the developer who started this run decides it.',
  notDecidable: 'This run is not waiting for your decision any more.',
} as const;

const runParams = z.object({ id: contentIdSchema('id') });

export const sandboxEndpoints = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/sandbox/options',
    access: needs('section_sandbox'),
    summary: 'The services a Dev Box run may borrow the settings of',
    response: okData(SandboxOptionsSchema),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/sandbox/runs',
    access: needs('section_sandbox'),
    summary:
      "Send a sample text through the pipeline as the sandbox service with a service's settings; delivered only to the built-in receiver",
    body: StartSandboxRunSchema,
    response: okData(SandboxRunSchema),
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/sandbox/runs',
    access: needs('section_sandbox'),
    summary: "The caller's latest Dev Box runs, newest first",
    response: okData(z.array(SandboxRunSummarySchema)),
  }),
  run: defineEndpoint({
    method: 'GET',
    path: '/api/sandbox/runs/:id',
    access: needs('section_sandbox'),
    summary: 'One run: each step of the pipeline and the webhooks the receiver got',
    params: runParams,
    response: okData(SandboxRunSchema),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/sandbox/runs/:id/decide',
    access: needs('section_sandbox'),
    summary: "Decide one's own operator-mode run through the operators' submit path",
    params: runParams,
    body: SandboxDecisionSchema,
    response: okData(SandboxRunSchema),
  }),
};
