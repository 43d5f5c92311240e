import { queryOne, type Queryable } from '../../db/database';
import { hashSecret, newSecret } from './tokens';

/**
 * Sessions: a random 256-bit id in the cookie, its hash in the database. A session ends at its
 * absolute expiry, after `idleMs` without a request, or at sign-out.
 */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export async function createSession(
  db: Queryable,
  userId: number,
  policy: SessionPolicy,
  client: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const id = newSecret();
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at, ip, user_agent)
     values ($1, $2, now() + $3 * interval '1 millisecond', $4, $5)`,
    [hashSecret(id), userId, policy.absoluteMs, client.ip, client.userAgent ?? null],
  );
  return id;
}

/** The user id of a live session, touching its idle clock; undefined when unknown or expired. */
export async function resolveSession(
  db: Queryable,
  sessionId: string,
  policy: SessionPolicy,
): Promise<number | undefined> {
  const row = await queryOne<{ user_id: number }>(
    db,
    `update sessions set last_seen_at = now()
      where id_hash = $1
        and expires_at > now()
        and last_seen_at > now() - $2 * interval '1 millisecond'
      returning user_id`,
    [hashSecret(sessionId), policy.idleMs],
  );
  return row?.user_id;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [hashSecret(sessionId)]);
}

/** Ends every session of the user but `exceptSessionId`; answers the hashes of those ended. */
export async function deleteUserSessions(
  db: Queryable,
  userId: number,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await db.query<{ id_hash: string }>(
    'delete from sessions where user_id = $1 and id_hash <> $2 returning id_hash',
    [userId, exceptSessionId ? hashSecret(exceptSessionId) : ''],
  );
  return rows.map((row) => row.id_hash);
}

/** Which of these session hashes belong to live sessions (without touching their idle clock). */
export async function liveSessionHashes(
  db: Queryable,
  hashes: readonly string[],
  policy: SessionPolicy,
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  // Prepared: every socket's session re-check runs it.
  const rows = await db.queryPrepared<{ id_hash: string }>(
    'live_session_hashes',
    `select id_hash from sessions
      where id_hash = any($1::text[])
        and expires_at > now()
        and last_seen_at > now() - $2 * interval '1 millisecond'`,
    [hashes, policy.idleMs],
  );
  return new Set(rows.map((row) => row.id_hash));
}

export async function deleteExpiredSessions(db: Queryable, policy: SessionPolicy): Promise<void> {
  await db.query(
    `delete from sessions
      where expires_at <= now() or last_seen_at <= now() - $1 * interval '1 millisecond'`,
    [policy.idleMs],
  );
}
