import { describe, expect, it } from 'vitest';
import {
  formatArrivalTime,
  formatDateTime,
  formatTime,
  isZeroDate,
  utcDay,
  utcDayBoundary,
} from '../../../src/lib/dates';

describe('the date formats (all in UTC)', () => {
  it("prints an arrival time month-day-year on a 12-hour clock: 'MM-dd-yyyy hh:mm:ss a'", () => {
    expect(formatArrivalTime('2024-03-05T14:07:09.000Z')).toBe('03-05-2024 02:07:09 PM');
    expect(formatArrivalTime('2024-03-05T23:30:00+02:00')).toBe('03-05-2024 09:30:00 PM');
    expect(formatArrivalTime('2024-12-31T00:00:01Z')).toBe('12-31-2024 12:00:01 AM');
  });

  it("prints other dates as 'LLL dd, yyyy hh:mm:ss a'", () => {
    expect(formatDateTime('2025-03-05T14:03:04.000Z')).toBe('Mar 05, 2025 02:03:04 PM');
    expect(formatDateTime(Date.UTC(2025, 0, 2, 15, 4, 5))).toBe('Jan 02, 2025 03:04:05 PM');
    expect(formatDateTime(new Date('2025-06-30T23:59:59-05:00'))).toBe('Jul 01, 2025 04:59:59 AM');
  });

  it('prints a time of day', () => {
    expect(formatTime('2025-03-05T14:03:04.000Z')).toBe('02:03:04 PM');
  });

  it.each([null, undefined, '', '  ', 0, '0000-00-00 00:00:00', '1970-01-01T00:00:00Z'])(
    'prints a missing or zero date %j as blank',
    (value) => {
      expect(isZeroDate(value)).toBe(true);
      expect(formatDateTime(value)).toBe('');
      expect(formatArrivalTime(value)).toBe('');
    },
  );

  it('keeps text that is no date', () => {
    expect(formatArrivalTime('yesterday')).toBe('yesterday');
  });

  it('turns a UTC calendar day into the first and last millisecond of it', () => {
    expect(utcDay(Date.UTC(2025, 1, 28, 23, 59))).toBe('2025-02-28');
    expect(utcDayBoundary('2025-02-28', 'start')).toBe('2025-02-28T00:00:00.000Z');
    expect(utcDayBoundary('2025-02-28', 'end')).toBe('2025-02-28T23:59:59.999Z');
    expect(utcDayBoundary('2025-02-30', 'start')).toBeNull();
    expect(utcDayBoundary('soon', 'end')).toBeNull();
  });
});
