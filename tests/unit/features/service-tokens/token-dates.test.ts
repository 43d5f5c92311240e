import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_TEXTS, maskToken } from '../../../../src/contract/service-tokens';
import { formatExpiresAt, hasExpired } from '../../../../src/features/service-tokens/token-dates';
import { formatDateTime as formatTokenDate, isZeroDate } from '../../../../src/lib/dates';

describe('token table dates (SPEC §2)', () => {
  it("shows 'Never' for an expiry of null", () => {
    expect(formatExpiresAt(null)).toBe(SERVICE_TOKEN_TEXTS.never);
    expect(formatExpiresAt(null)).toBe('Never');
  });

  it.each([
    '0000-00-00 00:00:00',
    '0000-00-00T00:00:00.000Z',
    '0000-00-00',
    '1970-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00Z',
    '1970-01-01 00:00:00',
    '1970-01-01',
    '1970-01-01T00:00:00+00:00',
    '',
  ])('shows a zero date %j blank, in Expires At and Created', (value) => {
    expect(isZeroDate(value)).toBe(true);
    expect(formatExpiresAt(value)).toBe('');
    expect(formatTokenDate(value)).toBe('');
  });

  it("formats a real date as 'LLL dd, yyyy hh:mm:ss a' in UTC", () => {
    expect(formatTokenDate('2025-03-05T14:03:04.000Z')).toBe('Mar 05, 2025 02:03:04 PM');
    expect(formatExpiresAt('2026-12-31T23:59:59Z')).toBe('Dec 31, 2026 11:59:59 PM');
  });

  it('does not take a real date near the epoch for a zero date', () => {
    expect(isZeroDate('1970-01-01T00:00:01Z')).toBe(false);
    expect(isZeroDate('2025-01-01T00:00:00Z')).toBe(false);
  });

  it('keeps text that is no date at all', () => {
    expect(formatTokenDate('soon')).toBe('soon');
  });

  it('knows an expired token, never a token without expiry', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(hasExpired('2025-05-31T23:59:59Z', now)).toBe(true);
    expect(hasExpired('2025-06-02T00:00:00Z', now)).toBe(false);
    expect(hasExpired(null, now)).toBe(false);
    expect(hasExpired('0000-00-00 00:00:00', now)).toBe(false);
  });
});

describe('maskToken (SPEC §5)', () => {
  it('keeps the first 4 and the last character visible', () => {
    const masked = maskToken('abcd1234567890xyz');
    expect(masked.slice(0, 4)).toBe('abcd');
    expect(masked.slice(-1)).toBe('z');
    expect(masked.slice(4, -1)).toMatch(/^\*+$/);
    expect(masked).not.toContain('1234');
  });

  it('hides a token too short to show anything safely', () => {
    expect(maskToken('abcde')).toBe('*****');
  });

  it('leaves an already masked token as it is', () => {
    const masked = maskToken('mc_live_0123456789abcdef');
    expect(maskToken(masked)).toBe(masked);
  });
});
