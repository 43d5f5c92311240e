import type { Database, Queryable } from '../../db/database';

/**
 * Counters for throttling (sign-in, password reset), kept in the `rate_limits` table so every
 * server process sees the same counts. Rules:
 * - An attempt is *reserved* before the expensive or revealing work it guards (a password hash, a
 *   mail): one transaction locks the rows of all its keys (in key order, so two attempts never
 *   deadlock), checks every limit and counts the attempt on every key, or on none. Thirty
 *   parallel guesses are therefore counted one after another, and only the allowed ones run.
 * - A refused attempt changes nothing: hammering a locked key never extends its lock.
 * - A fixed-window limit allows `max` attempts per window, which starts at the first counted one.
 * - A back-off limit allows `max` attempts, then one more after `baseSeconds`, doubling after
 *   each (capped at `maxSeconds`); a key left alone for a whole window starts over.
 * - `release` takes a reserved attempt back (it succeeded, or never ran); `reset` forgets a key.
 * - Times are clock_timestamp(), not now(): now() is when a transaction began, and one that
 *   waited for another's row lock began before the other wrote its time.
 */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  backoff?: { baseSeconds: number; maxSeconds: number };
}

export type Reservation =
  { granted: true; keys: string[] } | { granted: false; retryAfterSeconds: number };

interface CounterRow {
  key: string;
  count: number;
  window_age: number;
  since_last: number | null;
}

function backoffSeconds(limit: Limit, count: number): number {
  const backoff = limit.backoff;
  if (!backoff) return 0;
  return Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** (count - limit.max));
}

/** Seconds until `limit` allows another attempt (0: now), and whether its count starts over. */
function evaluate(limit: Limit, row: CounterRow): { wait: number; fresh: boolean } {
  const sinceLast = row.since_last ?? Infinity;
  const fresh = limit.backoff
    ? sinceLast >= limit.windowSeconds
    : row.window_age >= limit.windowSeconds || row.count === 0;
  if (fresh || row.count < limit.max) return { wait: 0, fresh };
  const wait = limit.backoff
    ? backoffSeconds(limit, row.count) - sinceLast
    : limit.windowSeconds - row.window_age;
  return { wait: Math.max(0, wait), fresh };
}

export async function reserve(db: Database, limits: readonly Limit[]): Promise<Reservation> {
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((limit) => limit.key);
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into rate_limits (key) select unnest($1::text[]) order by 1 on conflict do nothing`,
      [keys],
    );
    const rows = await tx.query<CounterRow>(
      `select key, count,
              extract(epoch from clock_timestamp() - window_started)::float8 as window_age,
              greatest(extract(epoch from clock_timestamp() - last_at)::float8, 0) as since_last
         from rate_limits where key = any($1::text[]) order by key for update`,
      [keys],
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const verdicts = sorted.map((limit) => {
      const row = byKey.get(limit.key) ?? {
        key: limit.key,
        count: 0,
        window_age: 0,
        since_last: null,
      };
      return { limit, row, ...evaluate(limit, row) };
    });
    const wait = Math.max(0, ...verdicts.map((verdict) => verdict.wait));
    if (wait > 0) return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
    await tx.query(
      `update rate_limits as r
          set count = v.count,
              window_started = case when v.fresh then clock_timestamp() else r.window_started end,
              last_at = clock_timestamp()
         from (select unnest($1::text[]) as key, unnest($2::int[]) as count,
                      unnest($3::bool[]) as fresh) as v
        where r.key = v.key`,
      [
        keys,
        verdicts.map((verdict) => (verdict.fresh ? 1 : verdict.row.count + 1)),
        verdicts.map((verdict) => verdict.fresh),
      ],
    );
    return { granted: true, keys };
  });
}

/** Takes one reserved attempt back on each key. */
export async function release(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query(
    'update rate_limits set count = greatest(count - 1, 0) where key = any($1::text[])',
    [keys],
  );
}

export async function reset(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query('delete from rate_limits where key = any($1::text[])', [keys]);
}

/** Forgets counters nobody touched for `seconds` (longer than every window and back-off). */
export async function deleteStaleRateLimits(db: Queryable, seconds: number): Promise<void> {
  await db.query(
    `delete from rate_limits where coalesce(last_at, window_started) < now() - $1 * interval '1 second'`,
    [seconds],
  );
}
