import type { CurrentUser } from '../../../src/contract/auth';
import { queryOne, type Queryable } from '../../db/database';

export interface UserRecord extends CurrentUser {
  password_hash: string;
  disabled: boolean;
}

const SELECT_USER = `
  select u.id, u.username, u.email, u.first_name, u.last_name, r.name as role,
         u.max_content, u.is_batch_moderator, u.park_time, u.password_hash, u.disabled,
         coalesce(
           (select array_agg(rp.permission order by rp.permission)
              from role_permissions rp where rp.role_id = u.role_id),
           '{}'
         ) as permissions
    from users u join roles r on r.id = u.role_id`;

interface UserRow extends Omit<UserRecord, 'park_time'> {
  park_time: Date | null;
}

function toRecord(row: UserRow | undefined): UserRecord | undefined {
  if (!row) return undefined;
  return { ...row, park_time: row.park_time ? row.park_time.toISOString() : null };
}

export function toCurrentUser(user: UserRecord): CurrentUser {
  const { password_hash: _hash, disabled: _disabled, ...visible } = user;
  return visible;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  return toRecord(await queryOne<UserRow>(db, `${SELECT_USER} where u.id = $1`, [id]));
}

/**
 * The user behind a live session, touching the session's idle clock in the same statement: one
 * round trip on every request and socket handshake instead of two (the hot path of moderation).
 * Same rules as resolveSession in features/auth/session-repository.ts.
 */
export async function findUserBySession(
  db: Queryable,
  sessionHash: string,
  idleMs: number,
): Promise<UserRecord | undefined> {
  return toRecord(
    await queryOne<UserRow>(
      db,
      `with touched as (
         update sessions set last_seen_at = now()
          where id_hash = $1
            and expires_at > now()
            and last_seen_at > now() - $2 * interval '1 millisecond'
          returning user_id)
       ${SELECT_USER} where u.id = (select user_id from touched)`,
      [sessionHash, idleMs],
    ),
  );
}

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<UserRecord | undefined> {
  return toRecord(
    await queryOne<UserRow>(db, `${SELECT_USER} where lower(u.username) = lower($1)`, [username]),
  );
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<UserRecord | undefined> {
  return toRecord(
    await queryOne<UserRow>(db, `${SELECT_USER} where lower(u.email) = lower($1)`, [email]),
  );
}

export async function countUsers(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(db, 'select count(*)::int as count from users');
  return row?.count ?? 0;
}

export interface NewUser {
  username: string;
  email?: string | null;
  first_name?: string;
  last_name?: string;
  role: string;
  password_hash: string;
  max_content?: number;
  is_batch_moderator?: boolean;
}

export class UnknownRoleError extends Error {}

export async function createUser(db: Queryable, user: NewUser): Promise<number> {
  const role = await queryOne<{ id: number }>(db, 'select id from roles where name = $1', [
    user.role,
  ]);
  if (!role) throw new UnknownRoleError(`There is no role named '${user.role}'`);
  const row = await queryOne<{ id: number }>(
    db,
    `insert into users (username, email, first_name, last_name, role_id, password_hash,
                        max_content, is_batch_moderator)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      user.username,
      user.email ?? null,
      user.first_name ?? '',
      user.last_name ?? '',
      role.id,
      user.password_hash,
      user.max_content ?? 6,
      user.is_batch_moderator ?? false,
    ],
  );
  if (!row) throw new Error('insert into users returned no id');
  return row.id;
}

export async function updatePasswordHash(
  db: Queryable,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [
    userId,
    passwordHash,
  ]);
}
