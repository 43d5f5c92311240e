/**
 * The token table's own date rules on top of src/lib/dates.ts: an expiry of null reads 'Never'
 * (the token does not expire), and a token has expired once a real expiry lies in the past.
 */
import { SERVICE_TOKEN_TEXTS } from '../../contract/service-tokens';
import { formatDateTime, isZeroDate } from '../../lib/dates';

/** The Expires At cell. */
export function formatExpiresAt(value: string | null): string {
  return value === null ? SERVICE_TOKEN_TEXTS.never : formatDateTime(value);
}

/** True when the token has a real expiry in the past. */
export function hasExpired(value: string | null, now = Date.now()): boolean {
  if (value === null || isZeroDate(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time <= now;
}
