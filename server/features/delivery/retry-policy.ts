/**
 * When a failed delivery is tried again, beyond the plain schedule of delivery-settings.ts.
 *
 * - Jitter: each scheduled wait is stretched by a random factor in [1 - JITTER_RATIO,
 *   1 + JITTER_RATIO), so deliveries that failed together (a receiver that was down) do not all
 *   come back in the same second. ±10 % keeps the schedule recognisable (5 s becomes 4.5–5.5 s).
 * - Retry-After (429 and 503 only, RFC 9110 §10.2.3): seconds or an HTTP date. The receiver's
 *   wish is a lower bound: the retry comes at the later of the jittered schedule and the
 *   Retry-After time, never earlier than the schedule, so a receiver answering "Retry-After: 0"
 *   cannot make us spend the attempt limit in a burst. A wait beyond MAX_RETRY_AFTER_SECONDS
 *   (one day) is cut to it: a broken or hostile header cannot park a delivery for months.
 */
export const JITTER_RATIO = 0.1;
export const MAX_RETRY_AFTER_SECONDS = 86_400;

/** The statuses whose Retry-After header is honoured. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** `delaySeconds` stretched by a random factor in [1 - JITTER_RATIO, 1 + JITTER_RATIO). */
export function withJitter(delaySeconds: number, random: () => number = Math.random): number {
  const factor = 1 - JITTER_RATIO + 2 * JITTER_RATIO * random();
  return Math.max(0, delaySeconds * factor);
}

/**
 * Seconds from `now` that a Retry-After value asks for, bounded to [0, MAX_RETRY_AFTER_SECONDS];
 * undefined when the header is absent or neither a whole number of seconds nor an HTTP date.
 */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let seconds: number;
  if (/^\d+$/.test(text)) {
    seconds = Number(text);
  } else {
    // HTTP dates always name the weekday and the zone (IMF-fixdate or the obsolete forms); a
    // bare number or free text must not slip through Date.parse's lenient guesses.
    if (!/^[A-Za-z]{3,9},? /.test(text) || !/(GMT|UTC)$/i.test(text)) return undefined;
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now) / 1000);
  }
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_SECONDS);
}

/**
 * The wait before the next attempt: the jittered schedule, lengthened to the receiver's
 * Retry-After when it answered 429 or 503 with one.
 */
export function nextRetrySeconds(options: {
  scheduledSeconds: number;
  statusCode: number | null;
  retryAfter: string | undefined;
  now?: number;
  random?: () => number;
}): number {
  const jittered = withJitter(options.scheduledSeconds, options.random);
  if (options.statusCode === null || !RETRY_AFTER_STATUSES.has(options.statusCode)) {
    return jittered;
  }
  const asked = parseRetryAfter(options.retryAfter, options.now);
  return asked === undefined ? jittered : Math.max(jittered, asked);
}
