import { z } from 'zod';
import type { Queryable } from '../../db/database';

/**
 * Delivery knobs. Defaults come from the configuration (environment); a value in the `settings`
 * table overrides it at run time for every process (read on each worker round, so no restart).
 * A setting with a bad value is ignored in favour of the default.
 *
 * - delivery_retry_schedule_seconds: waits after the 1st, 2nd, ... failed attempt; the last one
 *   repeats. Default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (the Standard Webhooks schedule).
 *   Tests compress it, e.g. [0.1, 0.1].
 * - delivery_max_attempts: attempts before a delivery is given up ('Stuck Failed'). Default 8.
 * - delivery_timeout_ms: one request's deadline. Default 10 000.
 * - delivery_allow_private_urls: allow callbacks to loopback/private/link-local addresses.
 */
export interface DeliverySettings {
  retryScheduleSeconds: number[];
  maxAttempts: number;
  timeoutMs: number;
  allowPrivateUrls: boolean;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retryScheduleSeconds: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000],
  maxAttempts: 8,
  timeoutMs: 10_000,
  allowPrivateUrls: false,
};

export const DELIVERY_SETTING_KEYS = {
  retryScheduleSeconds: 'delivery_retry_schedule_seconds',
  maxAttempts: 'delivery_max_attempts',
  timeoutMs: 'delivery_timeout_ms',
  allowPrivateUrls: 'delivery_allow_private_urls',
} as const;

const SettingSchemas = {
  retryScheduleSeconds: z
    .array(
      z
        .number()
        .min(0)
        .max(7 * 86_400),
    )
    .min(1),
  maxAttempts: z.number().int().min(1).max(100),
  timeoutMs: z.number().int().min(50).max(120_000),
  allowPrivateUrls: z.boolean(),
};

export async function readDeliverySettings(
  db: Queryable,
  defaults: DeliverySettings,
): Promise<DeliverySettings> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'select key, value from settings where key = any($1::text[])',
    [Object.values(DELIVERY_SETTING_KEYS)],
  );
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const pick = <K extends keyof DeliverySettings>(name: K): DeliverySettings[K] => {
    const parsed = SettingSchemas[name].safeParse(stored.get(DELIVERY_SETTING_KEYS[name]));
    return parsed.success ? (parsed.data as DeliverySettings[K]) : defaults[name];
  };
  return {
    retryScheduleSeconds: pick('retryScheduleSeconds'),
    maxAttempts: pick('maxAttempts'),
    timeoutMs: pick('timeoutMs'),
    allowPrivateUrls: pick('allowPrivateUrls'),
  };
}

/** Seconds to wait after the `attempt`-th failed attempt (1-based). */
export function retryDelaySeconds(schedule: readonly number[], attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), schedule.length) - 1;
  return schedule[index] ?? 0;
}
