import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_MAX_ATTEMPTS,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  SETTINGS,
  SETTING_KEYS,
} from '../../../../src/contract/settings';
import {
  DEFAULT_DELIVERY_SETTINGS,
  retryDelaySeconds,
  retrySpanSeconds,
} from '../../../../server/features/delivery/delivery-settings';
import {
  resolveSetting,
  resolveSettings,
  settingPinsFromEnv,
} from '../../../../server/features/settings/settings-registry';

const stored = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([key, value]) => [key, { value }]));

describe('the settings precedence rule', () => {
  it('takes the environment over the table over the default', () => {
    const table = stored({ lease_grace_seconds: 45 });
    expect(resolveSetting('lease_grace_seconds', {}, new Map())).toEqual({
      value: 60,
      source: 'default',
    });
    expect(resolveSetting('lease_grace_seconds', {}, table)).toEqual({
      value: 45,
      source: 'table',
    });
    expect(resolveSetting('lease_grace_seconds', { lease_grace_seconds: 5 }, table)).toEqual({
      value: 5,
      source: 'env',
    });
  });

  it('ignores a stored value its schema refuses, and says so', () => {
    const refused: string[] = [];
    const values = resolveSettings(
      {},
      stored({ lease_grace_seconds: 'soon', delivery_timeout_ms: 0, maintenance: true }),
      (key) => refused.push(key),
    );
    expect(values.lease_grace_seconds).toBe(60);
    expect(values.delivery_timeout_ms).toBe(15_000);
    expect(values.maintenance).toBe(true);
    expect(refused.sort()).toEqual(['delivery_timeout_ms', 'lease_grace_seconds']);
  });

  it('reads pins from the environment, each named by its variable when refused', () => {
    const { pins, problems } = settingPinsFromEnv({
      LEASE_GRACE_SECONDS: '1.2',
      MAINTENANCE: '0',
      DELIVERY_RETRY_SCHEDULE: '1, 2,3',
      DELIVERY_ALLOW_PRIVATE_URLS: 'yes',
      AI_MODEL: ' tiny ',
      AI_API_KEY: '',
    });
    expect(problems).toEqual([]);
    expect(pins).toEqual({
      lease_grace_seconds: 1.2,
      maintenance: false,
      delivery_retry_schedule_seconds: [1, 2, 3],
      delivery_allow_private_urls: true,
      ai_model: 'tiny',
    });
    const bad = settingPinsFromEnv({
      DELIVERY_TIMEOUT_MS: '10',
      MAINTENANCE: 'perhaps',
      DELIVERY_RETRY_SCHEDULE: '5,soon',
    });
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems[0]).toMatch(/^DELIVERY_RETRY_SCHEDULE: /);
    expect(bad.problems.join('\n')).toContain(
      'DELIVERY_TIMEOUT_MS: Request timeout must be between 50 and 120000 ms',
    );
    expect(bad.problems.join('\n')).toMatch(/MAINTENANCE: /);
  });

  it('has a default in range and an environment variable for every key', () => {
    const variables = new Set<string>();
    for (const key of SETTING_KEYS) {
      const definition = SETTINGS[key];
      expect(definition.schema.safeParse(definition.default).success, key).toBe(true);
      expect(definition.env).toMatch(/^[A-Z][A-Z0-9_]+$/);
      variables.add(definition.env);
    }
    expect(variables.size).toBe(SETTING_KEYS.length);
  });
});

describe('the default delivery schedule', () => {
  it('retries for more than three days before an item is Stuck Failed', () => {
    expect(DEFAULT_DELIVERY_SETTINGS.retryScheduleSeconds).toEqual(DEFAULT_RETRY_SCHEDULE_SECONDS);
    expect(DEFAULT_DELIVERY_SETTINGS.maxAttempts).toBe(DEFAULT_DELIVERY_MAX_ATTEMPTS);
    const span = retrySpanSeconds(DEFAULT_DELIVERY_SETTINGS);
    // 5 s + 5 min + 30 min + 2 h + 5 h + 10 h + 10 h + 24 h + 24 h = 3 d 3 h 35 min 5 s.
    expect(span).toBe(272_105);
    expect(span).toBeGreaterThanOrEqual(3 * 86_400);
    expect(DEFAULT_DELIVERY_SETTINGS.timeoutMs).toBe(15_000);
  });

  it('repeats the last wait when the attempts outnumber the schedule', () => {
    expect(retryDelaySeconds([5, 60], 1)).toBe(5);
    expect(retryDelaySeconds([5, 60], 7)).toBe(60);
    expect(retrySpanSeconds({ retryScheduleSeconds: [5, 60], maxAttempts: 4 })).toBe(125);
  });
});
