import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { reserve, type Limit } from '../auth/rate-limits';

/**
 * What a stranger may send to the public trial pages, per client address (the address Fastify
 * reports, which TRUST_PROXY decides), counted in the database so every server process agrees
 * (server/features/auth/rate-limits.ts). Text checks also have a cap over all addresses
 * together: each may be a call to a paid AI service, and many addresses must not add up to an
 * unbounded bill.
 */
export const TRIAL_LIMITS = {
  decisions: { max: 120, windowSeconds: 10 * 60 },
  textChecks: { max: 20, windowSeconds: 10 * 60 },
  textChecksEveryone: { max: 600, windowSeconds: 60 * 60 },
  signups: { max: 5, windowSeconds: 60 * 60 },
} as const;

export type TrialAction = 'decisions' | 'textChecks' | 'signups';

const WHAT: Record<TrialAction, string> = {
  decisions: 'decisions',
  textChecks: 'text checks',
  signups: 'sign-ups',
};

export function trialLimits(action: TrialAction, ip: string): Limit[] {
  const limits: Limit[] = [{ key: `trial-${action}:${ip}`, ...TRIAL_LIMITS[action] }];
  if (action === 'textChecks') {
    limits.push({ key: 'trial-textChecks:*', ...TRIAL_LIMITS.textChecksEveryone });
  }
  return limits;
}

export function trialLimitMessage(action: TrialAction, retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many ${WHAT[action]} from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Counts one attempt of `action` from `ip`, or answers 429 with Retry-After. */
export async function throttleTrial(db: Database, action: TrialAction, ip: string): Promise<void> {
  const reservation = await reserve(db, trialLimits(action, ip));
  if (!reservation.granted) {
    throw new HttpError(
      429,
      trialLimitMessage(action, reservation.retryAfterSeconds),
      undefined,
      'rate_limited',
      reservation.retryAfterSeconds,
    );
  }
}
