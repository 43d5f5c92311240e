import { describe, expect, it } from 'vitest';
import {
  JITTER_RATIO,
  MAX_RETRY_AFTER_SECONDS,
  nextRetrySeconds,
  parseRetryAfter,
  withJitter,
} from '../../../../server/features/delivery/retry-policy';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('retry jitter', () => {
  it('stays within ±JITTER_RATIO of the scheduled wait, at both ends of the random range', () => {
    expect(withJitter(100, () => 0)).toBeCloseTo(100 * (1 - JITTER_RATIO));
    expect(withJitter(100, () => 0.999_999)).toBeLessThan(100 * (1 + JITTER_RATIO));
    expect(withJitter(100, () => 0.999_999)).toBeGreaterThan(109.99);
    expect(withJitter(100, () => 0.5)).toBeCloseTo(100);
  });

  it('keeps every draw of the real random source in bounds and spreads them', () => {
    const draws = Array.from({ length: 2_000 }, () => withJitter(300));
    for (const draw of draws) {
      expect(draw).toBeGreaterThanOrEqual(300 * (1 - JITTER_RATIO));
      expect(draw).toBeLessThan(300 * (1 + JITTER_RATIO));
    }
    expect(new Set(draws.map((draw) => Math.round(draw))).size).toBeGreaterThan(20);
  });

  it('never answers a negative wait', () => {
    expect(withJitter(0, () => 0)).toBe(0);
  });
});

describe('Retry-After parsing', () => {
  it('reads whole seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date (IMF-fixdate and the obsolete RFC 850 form) relative to now', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:30 GMT', NOW)).toBe(90);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:00:10 GMT', NOW)).toBe(10);
  });

  it('treats a date in the past as "now"', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('bounds a far wait to one day', () => {
    expect(parseRetryAfter('99999999', NOW)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', NOW)).toBe(MAX_RETRY_AFTER_SECONDS);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, '', '-5', '1.5', 'soon', '2026-03-01', 'Sun, 01 Mar 2026']) {
      expect(parseRetryAfter(value, NOW), String(value)).toBeUndefined();
    }
  });
});

describe('the next retry', () => {
  const half = () => 0.5;

  it('follows the jittered schedule when the answer was no 429 or 503', () => {
    expect(
      nextRetrySeconds({ scheduledSeconds: 5, statusCode: 500, retryAfter: '600', random: half }),
    ).toBeCloseTo(5);
    expect(
      nextRetrySeconds({ scheduledSeconds: 5, statusCode: null, retryAfter: '600', random: half }),
    ).toBeCloseTo(5);
  });

  it('waits for Retry-After on 429 and 503 when it asks for longer than the schedule', () => {
    for (const statusCode of [429, 503]) {
      expect(
        nextRetrySeconds({ scheduledSeconds: 5, statusCode, retryAfter: '600', random: half }),
      ).toBe(600);
    }
  });

  it('never retries earlier than the schedule, whatever Retry-After says', () => {
    expect(
      nextRetrySeconds({ scheduledSeconds: 300, statusCode: 429, retryAfter: '1', random: half }),
    ).toBeCloseTo(300);
  });
});
