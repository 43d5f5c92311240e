import type { Database, Queryable } from '../../db/database';
import { release, reserve, reset, type Limit } from './rate-limits';

/**
 * Sign-in throttling, after the OWASP Authentication Cheat Sheet. Every attempt is reserved
 * (counted as a failure) before its password is hashed, so parallel guesses cannot slip through
 * between the check and the count. Three counters:
 * - one username from one address: 5 failures, then a back-off (30 s, doubling, at most 15 min)
 *   instead of a lock. This is what stops a guesser, and since it is tied to the guesser's
 *   address, a stranger cannot lock the owner out from elsewhere.
 * - one address, any usernames: 30 failures per 15 minutes (password spraying); high enough for
 *   an office of operators behind one address.
 * - one username, any addresses: 100 failures per 15 minutes, a guess spread over many addresses.
 *   Only such an attack holds the owner back too.
 * A successful sign-in clears its username-and-address counter (the owner knows the password)
 * and takes its own reservation back from the others, without clearing them: one valid account
 * must not let an address try passwords across every other username. Refused attempts are not
 * counted, so they never extend a lock.
 */
export const THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerPair: 5,
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 15 * 60,
  maxFailuresPerAddress: 30,
  maxFailuresPerUsername: 100,
};

export type LoginReservation =
  | { granted: true; pairKey: string; sharedKeys: string[] }
  | { granted: false; retryAfterSeconds: number };

export function loginLimits(username: string, ip: string): Limit[] {
  const name = username.toLowerCase();
  const windowSeconds = THROTTLE.windowMinutes * 60;
  return [
    {
      key: `login-pair:${name}|${ip}`,
      max: THROTTLE.maxFailuresPerPair,
      windowSeconds,
      backoff: { baseSeconds: THROTTLE.backoffBaseSeconds, maxSeconds: THROTTLE.backoffMaxSeconds },
    },
    { key: `login-address:${ip}`, max: THROTTLE.maxFailuresPerAddress, windowSeconds },
    { key: `login-user:${name}`, max: THROTTLE.maxFailuresPerUsername, windowSeconds },
  ];
}

export async function reserveLoginAttempt(
  db: Database,
  username: string,
  ip: string,
): Promise<LoginReservation> {
  const limits = loginLimits(username, ip);
  const [pair, ...shared] = limits;
  const reservation = await reserve(db, limits);
  if (!reservation.granted) return reservation;
  return {
    granted: true,
    pairKey: pair?.key ?? '',
    sharedKeys: shared.map((limit) => limit.key),
  };
}

/** The password was right: the pair starts over, the shared counters lose this attempt only. */
export async function loginSucceeded(
  db: Queryable,
  reservation: Extract<LoginReservation, { granted: true }>,
): Promise<void> {
  await reset(db, [reservation.pairKey]);
  await release(db, reservation.sharedKeys);
}

/** The attempt never reached a verdict (server busy, database gone): it does not count. */
export async function loginNotAttempted(
  db: Queryable,
  reservation: Extract<LoginReservation, { granted: true }>,
): Promise<void> {
  await release(db, [reservation.pairKey, ...reservation.sharedKeys]);
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export async function recordLoginAttempt(
  db: Queryable,
  attempt: {
    userId: number | null;
    username: string;
    ip: string;
    userAgent: string | undefined;
    success: boolean;
    reason: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into login_history (user_id, username, ip, user_agent, success, reason)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      attempt.userId,
      attempt.username,
      attempt.ip,
      attempt.userAgent ?? null,
      attempt.success,
      attempt.reason,
    ],
  );
}

function usernameKeys(username: string) {
  const name = username.toLowerCase();
  return { user: `login-user:${name}`, pairPrefix: `login-pair:${name}|` };
}

/**
 * SQL: whether sign-in is held back now for the username in the SQL expression `username`, by
 * any address (its pair back-off) or everywhere (its spread-guess limit); for lists of users.
 */
export function usernameLockedSql(username: string): string {
  const { backoffBaseSeconds: base, backoffMaxSeconds: cap } = THROTTLE;
  return `exists (
      select 1 from rate_limits r
       where (r.key = 'login-user:' || lower(${username})
              and r.count >= ${THROTTLE.maxFailuresPerUsername}
              and r.window_started > clock_timestamp() - interval '${THROTTLE.windowMinutes} minutes')
          or (starts_with(r.key, 'login-pair:' || lower(${username}) || '|')
              and r.count >= ${THROTTLE.maxFailuresPerPair}
              and r.last_at > clock_timestamp() - make_interval(secs =>
                    least(${cap}, ${base} * power(2, r.count - ${THROTTLE.maxFailuresPerPair})))))`;
}

/**
 * An administrator lets a held-back user try again: the username's counters start over from
 * every address. The address counters stay, so clearing one account opens no door to spraying.
 */
export async function clearUsernameLock(db: Queryable, username: string): Promise<void> {
  const keys = usernameKeys(username);
  await db.query('delete from rate_limits where key = $1 or starts_with(key, $2)', [
    keys.user,
    keys.pairPrefix,
  ]);
}
