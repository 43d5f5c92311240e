import type { Database, Queryable } from '../../db/database';
import { release, reserve, reset, type Limit, type Reservation } from '../auth/rate-limits';

/**
 * Throttling of codes, so the million six-digit codes cannot be walked. Every check of a code
 * (second sign-in step, turning off, new recovery codes) is reserved before the code is looked
 * at, on two counters:
 * - the account: 5 wrong codes, then a back-off (30 s, doubling, at most 15 minutes). Three
 *   codes are valid at any moment, so a guesser needs about 170,000 tries on average: years.
 * - the address, any account: 30 per 15 minutes.
 * A right code clears the account's counter and takes its own reservation back from the
 * address; a wrong one stays counted.
 */
export const CODE_THROTTLE = {
  windowSeconds: 15 * 60,
  maxPerUser: 5,
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 15 * 60,
  maxPerAddress: 30,
};

function codeLimits(userId: number, ip: string): Limit[] {
  return [
    {
      key: `second-factor-user:${userId}`,
      max: CODE_THROTTLE.maxPerUser,
      windowSeconds: CODE_THROTTLE.windowSeconds,
      backoff: {
        baseSeconds: CODE_THROTTLE.backoffBaseSeconds,
        maxSeconds: CODE_THROTTLE.backoffMaxSeconds,
      },
    },
    {
      key: `second-factor-address:${ip}`,
      max: CODE_THROTTLE.maxPerAddress,
      windowSeconds: CODE_THROTTLE.windowSeconds,
    },
  ];
}

export function reserveCodeAttempt(db: Database, userId: number, ip: string): Promise<Reservation> {
  return reserve(db, codeLimits(userId, ip));
}

export async function codeAccepted(db: Queryable, userId: number, ip: string): Promise<void> {
  const [user, address] = codeLimits(userId, ip);
  if (user) await reset(db, [user.key]);
  if (address) await release(db, [address.key]);
}

/** An administrator's reset starts the account's count over. */
export async function forgetCodeAttempts(db: Queryable, userId: number): Promise<void> {
  await reset(db, [`second-factor-user:${userId}`]);
}
