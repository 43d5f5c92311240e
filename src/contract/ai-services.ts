import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { textSchema } from './validation';

/**
 * The AI services screen (/aiservices): the AI providers the server has (the built-in local one
 * always, the OpenAI-compatible one when a base URL is configured), each with its health over
 * the last hour from the record of AI calls, the services that use it, and "Test connection",
 * which sends a sample text through the provider and shows its answer or its error.
 *
 * A service's `ai_provider` says which provider answers for it: 'default' the configured one
 * (the remote one when configured, else the local one), 'local' the built-in one even when a
 * remote one is configured, 'none' no AI step at all.
 */
export const AI_SERVICE_CHOICES = ['default', 'local', 'none'] as const;
export type AiServiceChoice = (typeof AI_SERVICE_CHOICES)[number];

export const AI_PROVIDER_IDS = ['local', 'remote'] as const;
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number];

/** The health window of the screen. */
export const AI_HEALTH_WINDOW_MINUTES = 60;

/** What "Test connection" asks about: a service with these tags and (for local) these words. */
export const AI_TEST_TAGS = ['spam', 'violence', 'drugs'] as const;
export const AI_TEST_WORD_LISTS: Record<string, string[]> = {
  spam: ['free money', 'click here', 'buy now'],
  violence: ['attack', 'fight'],
  drugs: ['pills'],
};
export const AI_TEST_SAMPLE = 'Click here to get free money, today only!';

export const AiHealthSchema = z.object({
  calls: z.number().int(),
  failures: z.number().int(),
  /** Milliseconds; null without calls. */
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
});
export type AiHealth = z.infer<typeof AiHealthSchema>;

const ServiceRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How the service came to this provider: by choosing it, or by taking the configured one. */
  choice: z.enum(['default', 'local']),
});

export const AiProviderRowSchema = z.object({
  id: z.enum(AI_PROVIDER_IDS),
  /** The name AI answers and the call record carry ('local', 'openai:gpt-4o-mini'). */
  name: z.string(),
  kind: z.enum(['local', 'openai']),
  /** This provider answers for services that take the default. */
  is_default: z.boolean(),
  /** Remote only: where requests go and which model answers; the API key is never shown. */
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  timeout_ms: z.number().int().nullable(),
  health: AiHealthSchema,
  services: z.array(ServiceRefSchema),
});
export type AiProviderRow = z.infer<typeof AiProviderRowSchema>;

export const AiServicesSchema = z.object({
  providers: z.array(AiProviderRowSchema),
  /** Services whose ai_provider is 'none'. */
  without_ai: z.array(z.object({ id: z.number().int(), name: z.string() })),
  window_minutes: z.number().int(),
});
export type AiServices = z.infer<typeof AiServicesSchema>;

export const AiTestRequestSchema = z.object({
  provider: z.enum(AI_PROVIDER_IDS, { error: 'Choose the local or the remote provider' }),
  text: textSchema(2000, 'The sample text')
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, 'Enter a sample text'),
});
export type AiTestInput = z.input<typeof AiTestRequestSchema>;

export const AiTestResultSchema = z.object({
  ok: z.boolean(),
  provider: z.string(),
  latency_ms: z.number(),
  /** The answer; null tags: the provider has no answer for this item. */
  tags: z.array(z.string()).nullable(),
  reasoning: z.string().nullable(),
  /** On failure: a short code (timeout, network, http_401, invalid_answer ...) and the text. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type AiTestResult = z.infer<typeof AiTestResultSchema>;

export const AI_SERVICES_TEXTS = {
  title: 'AI Services',
  noRemote:
    'No OpenAI-compatible provider is configured: choose it as the AI provider and give its base URL on /settings.',
} as const;

export const aiServicesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/aiservices/all',
    access: needs('section_ai_services'),
    summary: 'The AI providers with their health over the last hour and the services using each',
    response: okData(AiServicesSchema),
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/aiservices/test',
    access: needs('section_ai_services'),
    summary: 'Send a sample text through one provider; answers its suggestion or its error',
    body: AiTestRequestSchema,
    response: okData(AiTestResultSchema),
  }),
};
