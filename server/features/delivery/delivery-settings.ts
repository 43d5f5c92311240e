import type { Queryable } from '../../db/database';
import { readSettings, resolveSettings, type SettingPins } from '../settings/settings-registry';

/**
 * Delivery knobs, read through the settings registry (settings-registry.ts: the environment
 * pins, else the `settings` table, else the default; the catalogue with ranges is
 * src/contract/settings.ts). The worker reads them on every round, so a save on /settings
 * applies to the next round on every process.
 *
 * - delivery_retry_schedule_seconds: waits after the 1st, 2nd, ... failed attempt; the last one
 *   repeats. Default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h, 24 h: with the default 10
 *   attempts an item is retried for 272,105 s (3 d 3 h 35 min 5 s) before it is 'Stuck Failed'.
 *   Tests compress it, e.g. [0.05].
 * - delivery_max_attempts: attempts before a delivery is given up ('Stuck Failed'). Default 10.
 * - delivery_timeout_ms: one request's deadline. Default 15 000.
 * - delivery_allow_private_urls: allow callbacks to loopback/private/link-local addresses.
 */
export interface DeliverySettings {
  retryScheduleSeconds: number[];
  maxAttempts: number;
  timeoutMs: number;
  allowPrivateUrls: boolean;
}

export const DELIVERY_SETTING_KEYS = {
  retryScheduleSeconds: 'delivery_retry_schedule_seconds',
  maxAttempts: 'delivery_max_attempts',
  timeoutMs: 'delivery_timeout_ms',
  allowPrivateUrls: 'delivery_allow_private_urls',
} as const;

function deliveryOf(values: ReturnType<typeof resolveSettings>): DeliverySettings {
  return {
    retryScheduleSeconds: values.delivery_retry_schedule_seconds,
    maxAttempts: values.delivery_max_attempts,
    timeoutMs: values.delivery_timeout_ms,
    allowPrivateUrls: values.delivery_allow_private_urls,
  };
}

/** The catalogue's defaults. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = deliveryOf(
  resolveSettings({}, new Map()),
);

/** The delivery settings in force now: `pinned` are the environment's (config.settingPins). */
export async function readDeliverySettings(
  db: Queryable,
  pinned: SettingPins = {},
): Promise<DeliverySettings> {
  return deliveryOf(await readSettings(db, pinned));
}

/** Seconds to wait after the `attempt`-th failed attempt (1-based). */
export function retryDelaySeconds(schedule: readonly number[], attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), schedule.length) - 1;
  return schedule[index] ?? 0;
}

/**
 * How long an item is retried before it becomes 'Stuck Failed': the waits after attempts 1 to
 * maxAttempts - 1 (the last attempt fails it at once).
 */
export function retrySpanSeconds(
  settings: Pick<DeliverySettings, 'retryScheduleSeconds' | 'maxAttempts'>,
): number {
  let total = 0;
  for (let attempt = 1; attempt < settings.maxAttempts; attempt += 1) {
    total += retryDelaySeconds(settings.retryScheduleSeconds, attempt);
  }
  return total;
}
