import { z } from 'zod';
import type { Queryable } from '../../db/database';

/**
 * Which AI provider answers, and how hard the worker tries. The environment (AI_BASE_URL,
 * AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS) wins; otherwise the settings ai_base_url, ai_api_key,
 * ai_model, ai_timeout_ms. Without a base URL the built-in local provider answers. The provider
 * is chosen at start; the retry knobs (ai_max_attempts, ai_retry_schedule_seconds) are read on
 * every worker round.
 */
export interface AiProviderConfig {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface AiRetrySettings {
  maxAttempts: number;
  retryScheduleSeconds: number[];
}

export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
export const DEFAULT_AI_TIMEOUT_MS = 20_000;
export const DEFAULT_AI_RETRY: AiRetrySettings = { maxAttempts: 3, retryScheduleSeconds: [10, 60] };

const text = z.string().trim().min(1);
const timeout = z.number().int().min(100).max(300_000);

async function readSettings(db: Queryable, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'select key, value from settings where key = any($1::text[])',
    [keys],
  );
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function resolveAiProviderConfig(
  db: Queryable,
  env: Partial<AiProviderConfig>,
): Promise<AiProviderConfig> {
  const stored = await readSettings(db, ['ai_base_url', 'ai_api_key', 'ai_model', 'ai_timeout_ms']);
  const pick = <T>(schema: z.ZodType<T>, value: unknown): T | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    baseUrl: env.baseUrl ?? pick(text, stored.get('ai_base_url')),
    apiKey: env.apiKey ?? pick(text, stored.get('ai_api_key')),
    model: env.model ?? pick(text, stored.get('ai_model')) ?? DEFAULT_AI_MODEL,
    timeoutMs: env.timeoutMs ?? pick(timeout, stored.get('ai_timeout_ms')) ?? DEFAULT_AI_TIMEOUT_MS,
  };
}

export async function readAiRetrySettings(db: Queryable): Promise<AiRetrySettings> {
  const stored = await readSettings(db, ['ai_max_attempts', 'ai_retry_schedule_seconds']);
  const attempts = z.number().int().min(1).max(20).safeParse(stored.get('ai_max_attempts'));
  const schedule = z
    .array(z.number().min(0).max(86_400))
    .min(1)
    .safeParse(stored.get('ai_retry_schedule_seconds'));
  return {
    maxAttempts: attempts.success ? attempts.data : DEFAULT_AI_RETRY.maxAttempts,
    retryScheduleSeconds: schedule.success ? schedule.data : DEFAULT_AI_RETRY.retryScheduleSeconds,
  };
}
