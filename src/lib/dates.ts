/**
 * The one way the console prints dates. Rules:
 * - Everything is shown in UTC (DISPLAY_TIME_ZONE), whatever the viewer's clock says, so two
 *   people reading the same row see the same time.
 * - An item's arrival time (bound_time) reads month-day-year on a 12-hour clock:
 *   '03-05-2024 02:07:09 PM'.
 * - Every other date and time reads 'Mar 05, 2024 02:07:09 PM'.
 * - A clock time alone (for example since when someone is parked) reads '02:07:09 PM'.
 * - A missing or zero date prints ''. Older services send MySQL's '0000-00-00 00:00:00' or the
 *   Unix epoch for "no date"; neither is a moment anyone means.
 * - Text that is no date at all is printed as it came, so nothing the server said is hidden.
 *
 * Inputs may be ISO strings, epoch milliseconds or Date objects.
 */
import { formatInTimeZone } from 'date-fns-tz';

export const DISPLAY_TIME_ZONE = 'UTC';
export const ARRIVAL_TIME_FORMAT = 'MM-dd-yyyy hh:mm:ss a';
export const DATE_TIME_FORMAT = 'LLL dd, yyyy hh:mm:ss a';
export const TIME_FORMAT = 'hh:mm:ss a';

export type DateInput = string | number | Date | null | undefined;

const ZERO_DATE = /^0{4}-0{2}-0{2}/;
const EPOCH = /^1970-01-01(?:[T ]00:00(?::00(?:\.0+)?)?)?(?:Z|[+-]00(?::?00)?)?$/;

/** True for no date: null, '', MySQL's zero date, or exactly the Unix epoch. */
export function isZeroDate(value: DateInput): boolean {
  if (value === null || value === undefined) return true;
  if (value instanceof Date) return value.getTime() === 0;
  if (typeof value === 'number') return value === 0;
  const text = value.trim();
  return text === '' || ZERO_DATE.test(text) || EPOCH.test(text) || Date.parse(text) === 0;
}

function format(value: DateInput, pattern: string): string {
  if (isZeroDate(value)) return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatInTimeZone(date, DISPLAY_TIME_ZONE, pattern);
}

/** An item's arrival time: '03-05-2024 02:07:09 PM' (UTC). */
export function formatArrivalTime(value: DateInput): string {
  return format(value, ARRIVAL_TIME_FORMAT);
}

/** Any other date and time: 'Mar 05, 2024 02:07:09 PM' (UTC). */
export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

/** A time of day: '02:07:09 PM' (UTC). */
export function formatTime(value: DateInput): string {
  return format(value, TIME_FORMAT);
}

/** A day: 'Mar 05, 2024' (UTC). */
export function formatDay(value: DateInput): string {
  return format(value, 'LLL dd, yyyy');
}

/** The start of an hour: 'Mar 05, 2024 02:00 PM' (UTC). */
export function formatHour(value: DateInput): string {
  return format(value, 'LLL dd, yyyy hh:00 a');
}

/** The calendar day in UTC as 'yyyy-MM-dd', the value of an `<input type="date">`. */
export function utcDay(value: Date | number): string {
  return formatInTimeZone(value, DISPLAY_TIME_ZONE, 'yyyy-MM-dd');
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first or the last millisecond of a UTC calendar day ('yyyy-MM-dd') as ISO 8601; null
 * for text that is no such day. The end is inclusive, so a filter `to` of a day covers it all.
 */
export function utcDayBoundary(day: string, edge: 'start' | 'end'): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const start = Date.UTC(year, month - 1, date);
  const check = new Date(start);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  return new Date(edge === 'start' ? start : start + 86_400_000 - 1).toISOString();
}
