import { z } from 'zod';
import type { SettingKey, SettingValues } from '../../../src/contract/settings';
import type { Queryable } from '../../db/database';

/**
 * Which AI provider answers, and how hard the worker tries. The provider's settings (ai_provider,
 * ai_base_url, ai_api_key, ai_model, ai_timeout_ms) are read through the settings registry
 * (settings-registry.ts: the environment pins, else the table, else the default), and the
 * provider is rebuilt when a save changes them (ai-module.ts). 'openai' needs a base URL;
 * without one the built-in local provider answers. The retry knobs (ai_max_attempts,
 * ai_retry_schedule_seconds) are kept in the table only and read on every worker round.
 */
export interface AiProviderConfig {
  provider: 'local' | 'openai';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface AiRetrySettings {
  maxAttempts: number;
  retryScheduleSeconds: number[];
}

/** The keys whose change rebuilds the provider. */
export const AI_PROVIDER_SETTING_KEYS = [
  'ai_provider',
  'ai_base_url',
  'ai_api_key',
  'ai_model',
  'ai_timeout_ms',
] as const satisfies readonly SettingKey[];

export const DEFAULT_AI_RETRY: AiRetrySettings = { maxAttempts: 3, retryScheduleSeconds: [10, 60] };

async function readSettings(db: Queryable, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'select key, value from settings where key = any($1::text[])',
    [keys],
  );
  return new Map(rows.map((row) => [row.key, row.value]));
}

export function aiProviderConfig(
  values: Pick<SettingValues, (typeof AI_PROVIDER_SETTING_KEYS)[number]>,
): AiProviderConfig {
  const baseUrl = values.ai_base_url || undefined;
  return {
    provider: values.ai_provider === 'openai' && baseUrl ? 'openai' : 'local',
    baseUrl,
    apiKey: values.ai_api_key || undefined,
    model: values.ai_model,
    timeoutMs: values.ai_timeout_ms,
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
