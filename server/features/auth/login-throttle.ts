import { queryOne, type Queryable } from '../../db/database';

/**
 * Sign-in throttling read from the login history, so every server process sees the same
 * counts: too many failures for one username, or from one address, within the window blocks
 * further attempts until the oldest failure leaves the window. A successful sign-in clears its
 * username's count (the owner knows the password), but not its address's: otherwise one valid
 * account would let an address try passwords across every other username without limit. The
 * address limit is high enough for an office of operators behind one address. An administrator
 * can clear a username's lock (users.login_lock_cleared_at); the address limit stays.
 */
export const THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 30,
};

/**
 * SQL: the moment from which a username's failures count, for the username in the SQL
 * expression `username`: its last successful sign-in, or the moment an administrator cleared
 * its lock (users.login_lock_cleared_at), whichever is later.
 */
function usernameCutoffSql(username: string): string {
  return `greatest(
      coalesce((select max(s.attempted_at) from login_history s
                 where lower(s.username) = lower(${username}) and s.success), '-infinity'),
      coalesce((select max(c.login_lock_cleared_at) from users c
                 where lower(c.username) = lower(${username})), '-infinity'))`;
}

/**
 * SQL: whether sign-in is locked now for the username in the SQL expression `username`, by
 * the same rule as checkLoginThrottle's username limit (for lists of users).
 */
export function usernameLockedSql(username: string): string {
  return `((select count(*) from (
             select 1 from login_history f
              where lower(f.username) = lower(${username}) and not f.success
                and f.attempted_at > now() - interval '${THROTTLE.windowMinutes} minutes'
                and f.attempted_at > ${usernameCutoffSql(username)}
              limit ${THROTTLE.maxFailuresPerUsername}) recent_failures)
           >= ${THROTTLE.maxFailuresPerUsername})`;
}

export interface ThrottleVerdict {
  blocked: boolean;
  retryAfterSeconds: number;
}

async function failuresSince(
  db: Queryable,
  column: 'username' | 'ip',
  value: string,
  limit: number,
): Promise<ThrottleVerdict> {
  const match = column === 'username' ? 'lower(username) = lower($1)' : 'ip = $1';
  const sinceSuccess = column === 'username' ? `and attempted_at > ${usernameCutoffSql('$1')}` : '';
  const row = await queryOne<{ failures: number; retry_after: number | null }>(
    db,
    `with recent as (
       select attempted_at from login_history
        where ${match} and not success
          and attempted_at > now() - $2 * interval '1 minute'
          ${sinceSuccess}
        order by attempted_at desc
        limit $3
     )
     select count(*)::int as failures,
            ceil(extract(epoch from (min(attempted_at) + $2 * interval '1 minute' - now())))::int
              as retry_after
       from recent`,
    [value, THROTTLE.windowMinutes, limit],
  );
  const failures = row?.failures ?? 0;
  return { blocked: failures >= limit, retryAfterSeconds: Math.max(1, row?.retry_after ?? 0) };
}

export async function checkLoginThrottle(
  db: Queryable,
  username: string,
  ip: string,
): Promise<ThrottleVerdict> {
  const byUsername = await failuresSince(db, 'username', username, THROTTLE.maxFailuresPerUsername);
  if (byUsername.blocked) return byUsername;
  return failuresSince(db, 'ip', ip, THROTTLE.maxFailuresPerAddress);
}

export function throttleMessage(verdict: ThrottleVerdict): string {
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
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
