import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BACKOFF,
  backoffDelay,
  classifyFailure,
  failureCode,
  isAcknowledged,
} from '../../../../src/features/outbox/retry-policy';
import { ApiError } from '../../../../src/lib/api-client';

describe('classifyFailure', () => {
  it.each([
    [0, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [504, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [401, 'paused'],
    [400, 'attention'],
    [403, 'attention'],
    [404, 'attention'],
    [409, 'attention'],
    [422, 'attention'],
  ] as const)('status %i -> %s', (status, verdict) => {
    expect(classifyFailure(new ApiError(status, 'x'))).toBe(verdict);
  });

  it('retries anything that is not an HTTP answer', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyFailure('weird')).toBe('retry');
  });

  it('names the failure for the needs-attention list', () => {
    expect(failureCode(new ApiError(409, 'x'))).toBe('http_409');
    expect(failureCode(new ApiError(0, 'x'))).toBe('network');
    expect(failureCode(new Error('x'))).toBe('error');
  });
});

describe('isAcknowledged', () => {
  it('accepts stored and duplicate only', () => {
    expect(isAcknowledged('stored')).toBe(true);
    expect(isAcknowledged('duplicate')).toBe(true);
    expect(isAcknowledged('already_decided')).toBe(false);
    expect(isAcknowledged('lease_moved')).toBe(false);
    expect(isAcknowledged('not_assigned')).toBe(false);
    expect(isAcknowledged('key_reused')).toBe(false);
    expect(isAcknowledged('unknown_content')).toBe(false);
  });
});

describe('backoffDelay', () => {
  const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };

  it('starts at 1 s, doubles, and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffDelay(n, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('spreads each delay over its upper half, so devices do not retry in step', () => {
    const at = (random: number) => backoffDelay(3, { ...DEFAULT_BACKOFF, random: () => random });
    expect(at(0)).toBe(4_000);
    expect(at(0.5)).toBe(3_000);
    expect(at(0.999)).toBe(2_002);
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(7)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(30_000);
      expect(delay).toBeLessThanOrEqual(60_000);
    }
  });
});
