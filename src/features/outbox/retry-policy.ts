/**
 * How the outbox reads a failure. Pure functions, so the rules are tested on their own:
 *
 * - retry: no answer (offline, server down), 5xx including 503 maintenance, 408, 425 and 429.
 *   The entry stays and is sent again after the backoff.
 * - paused: 401, the session ended. The entry stays for the same user; sending resumes when a
 *   user is signed in again (no point hammering the server meanwhile).
 * - attention: any other 4xx. Asking again will never succeed, so the entry goes to the
 *   needs-attention list with the server's reason; nothing is dropped silently.
 * - Anything that is not an ApiError (a broken answer, a bug) is retried: keeping an entry too
 *   long is recoverable, losing one is not.
 */
import { ACKNOWLEDGED_OUTCOMES, type SubmitOutcome } from '../../contract/content';
import { ApiError } from '../../lib/api-client';

export type FailureVerdict = 'retry' | 'paused' | 'attention';

const RETRYABLE_4XX = new Set([408, 425, 429]);

export function classifyFailure(error: unknown): FailureVerdict {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.isNetworkError || error.status >= 500) return 'retry';
  if (error.status === 401) return 'paused';
  if (RETRYABLE_4XX.has(error.status)) return 'retry';
  if (error.status >= 400) return 'attention';
  return 'retry';
}

/** A code for the needs-attention list: `http_409`, `network`, ... */
export function failureCode(error: unknown): string {
  if (error instanceof ApiError) return error.isNetworkError ? 'network' : `http_${error.status}`;
  return 'error';
}

export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The request failed.';
}

/** Per-item answers to a submission: `stored` and `duplicate` acknowledge it, the rest never will. */
export function isAcknowledged(status: SubmitOutcome): boolean {
  return ACKNOWLEDGED_OUTCOMES.includes(status);
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /**
   * The share of each delay that is random (0 to 1): a delay of d waits between d * (1 - jitter)
   * and d. When the server comes back after an outage, every device that queued work would
   * otherwise retry at the same instants and meet it with one burst after another.
   */
  jitter: number;
  /** A number in [0, 1); injected by tests. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000, jitter: 0.5 };

/**
 * 1 s, 2 s, 4 s ... capped at 60 s, each shortened by up to `jitter` of itself at random;
 * `failures` counts consecutive failed passes from 1.
 */
export function backoffDelay(failures: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, failures - 1);
  const delay = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(exponent, 30));
  const random = options.random ?? Math.random;
  return Math.round(delay * (1 - options.jitter * random()));
}
