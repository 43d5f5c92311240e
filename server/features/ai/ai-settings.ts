import type { SettingKey, SettingValues } from '../../../src/contract/settings';
import type { Queryable } from '../../db/database';
import { readSettings, type SettingPins } from '../settings/settings-registry';

/**
 * Which AI provider answers, and how hard the worker tries. The provider's settings (ai_provider,
 * ai_base_url, ai_api_key, ai_model, ai_timeout_ms) are read through the settings registry
 * (settings-registry.ts: the environment pins, else the table, else the default), and the
 * provider is rebuilt when a save changes them (ai-module.ts). 'openai' needs a base URL;
 * without one the built-in local provider answers. The retry knobs (ai_max_attempts,
 * ai_retry_schedule_seconds) follow the same rule and are read on every worker round, as the
 * delivery worker reads its own.
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

/** The retry knobs as they stand now; the worker asks on every round. */
export async function readAiRetrySettings(
  db: Queryable,
  pins: SettingPins = {},
): Promise<AiRetrySettings> {
  const values = await readSettings(db, pins);
  return {
    maxAttempts: values.ai_max_attempts,
    retryScheduleSeconds: values.ai_retry_schedule_seconds,
  };
}
