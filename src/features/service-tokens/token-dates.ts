/**
 * How the token table shows dates (SPEC §2): an expiry of null reads 'Never'; a zero date
 * (MySQL's '0000-00-00 00:00:00' or the Unix epoch, which older services send for "no date")
 * reads blank; any other date is 'LLL dd, yyyy hh:mm:ss a' in UTC (SPEC §9).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { SERVICE_TOKEN_TEXTS } from '../../contract/service-tokens';

const ZERO_DATE = /^0{4}-0{2}-0{2}/;
const EPOCH = /^1970-01-01(?:[T ]00:00(?::00(?:\.0+)?)?)?(?:Z|[+-]00(?::?00)?)?$/;

export function isZeroDate(value: string): boolean {
  const text = value.trim();
  return text === '' || ZERO_DATE.test(text) || EPOCH.test(text) || Date.parse(text) === 0;
}

/** A date cell: '' for a zero date, the raw text when it is no date at all. */
export function formatTokenDate(value: string): string {
  if (isZeroDate(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatInTimeZone(date, 'UTC', 'LLL dd, yyyy hh:mm:ss a');
}

/** The Expires At cell. */
export function formatExpiresAt(value: string | null): string {
  return value === null ? SERVICE_TOKEN_TEXTS.never : formatTokenDate(value);
}

/** True when the token has a real expiry in the past. */
export function hasExpired(value: string | null, now = Date.now()): boolean {
  if (value === null || isZeroDate(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time <= now;
}
