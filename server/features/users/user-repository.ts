import type { CurrentUser } from '../../../src/contract/auth';
import { queryOne, type Queryable } from '../../db/database';
import {
  confirmedTwoFactorJoinSql,
  roleRequiresTwoFactorSql,
} from '../two-factor/two-factor-policy';

export interface UserRecord extends CurrentUser {
  role_id: number;
  password_hash: string;
  disabled: boolean;
  two_factor_enabled: boolean;
}

/**
 * A user with their role's name, permissions and two-factor state. The permissions are a lateral
 * join on the role, which the planner memoizes per role: as a subquery in the select list they
 * were sorted and aggregated once per user row, and the socket re-check reads 500 users a run
 * (measured on PGlite with 10,000 users: 20.5 ms a run against 13.2 ms, 25.8 ms inside the
 * database against 2.3 ms; a one-user lookup is unchanged at about 0.22 ms).
 */
const SELECT_USER = `
  select u.id, u.username, u.email, u.first_name, u.last_name, r.name as role, u.role_id,
         u.max_content, u.is_batch_moderator, u.park_time, u.password_hash, u.disabled,
         u.must_change_password,
         two_factor.user_id is not null as two_factor_enabled,
         (${roleRequiresTwoFactorSql('r')} and two_factor.user_id is null)
           as two_factor_setup_required,
         coalesce(granted.permissions, '{}') as permissions
    from users u
    join roles r on r.id = u.role_id
    ${confirmedTwoFactorJoinSql('two_factor', 'u')}
    left join lateral (
      select array_agg(rp.permission order by rp.permission) as permissions
        from role_permissions rp
       where rp.role_id = u.role_id) granted on true`;

interface UserRow extends Omit<UserRecord, 'park_time'> {
  park_time: Date | null;
}

function toRecord(row: UserRow | undefined): UserRecord | undefined {
  if (!row) return undefined;
  return { ...row, park_time: row.park_time ? row.park_time.toISOString() : null };
}

export function toCurrentUser(user: UserRecord): CurrentUser {
  const {
    password_hash: _hash,
    disabled: _disabled,
    role_id: _roleId,
    two_factor_enabled: _twoFactor,
    ...visible
  } = user;
  return visible;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  return toRecord(await queryOne<UserRow>(db, `${SELECT_USER} where u.id = $1`, [id]));
}

/**
 * How stale a live session's idle clock may get before a request moves it: a twentieth of the
 * idle timeout, at most 30 s. Writing the clock on every request made every call of a busy
 * operator (several a second) a write; a session now ends at most this much before its idle
 * timeout counted from its very last request.
 */
export function idleClockStepMs(idleMs: number): number {
  return Math.min(30_000, idleMs / 20);
}

/**
 * The users behind those of `sessionHashes` that are live, by session hash, touching the idle
 * clocks older than idleClockStepMs among them in the same statement: one round trip for every
 * request and socket handshake (the hot path of moderation), a write only now and then, and one
 * statement for all the lookups that arrive together under load (http/session.ts). Same rules
 * as resolveSession in features/auth/session-repository.ts.
 */
export async function findUsersBySessions(
  db: Queryable,
  sessionHashes: readonly string[],
  idleMs: number,
): Promise<Map<string, UserRecord>> {
  // Prepared: the statement of every request, and planning it costs more than running it.
  // The touch joins `live` so that its rows are found by the primary key: written as
  // `id_hash = any(array(select ...))`, the plan made once for every run read the whole table
  // (measured on PGlite with 1,000 sessions: 0.60 ms a lookup against 0.31 ms, and growing with
  // the table).
  const rows = await db.queryPrepared<UserRow & { session_hash: string }>(
    'users_by_sessions',
    `with live as (
         select id_hash, user_id, last_seen_at < now() - $3 * interval '1 millisecond' as stale
           from sessions
          where id_hash = any($1::text[])
            and expires_at > now()
            and last_seen_at > now() - $2 * interval '1 millisecond'),
       touched as (
         update sessions s set last_seen_at = now()
           from live where live.stale and s.id_hash = live.id_hash)
     select live.id_hash as session_hash, found.*
       from live cross join lateral (${SELECT_USER} where u.id = live.user_id) found`,
    [sessionHashes, idleMs, idleClockStepMs(idleMs)],
  );
  const users = new Map<string, UserRecord>();
  for (const { session_hash: hash, ...row } of rows) {
    const user = toRecord(row);
    if (user) users.set(hash, user);
  }
  return users;
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
  disabled?: boolean;
  must_change_password?: boolean;
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
                        max_content, is_batch_moderator, disabled, must_change_password)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      user.username,
      user.email ?? null,
      user.first_name ?? '',
      user.last_name ?? '',
      role.id,
      user.password_hash,
      user.max_content ?? 6,
      user.is_batch_moderator ?? false,
      user.disabled ?? false,
      user.must_change_password ?? false,
    ],
  );
  if (!row) throw new Error('insert into users returned no id');
  return row.id;
}

/** A password the user chose themselves: a pending one-time password no longer applies. */
export async function updatePasswordHash(
  db: Queryable,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.query(
    `update users set password_hash = $2, must_change_password = false, updated_at = now()
      where id = $1`,
    [userId, passwordHash],
  );
}

/** A one-time password an administrator set: the user must replace it at sign-in. */
export async function setOneTimePassword(
  db: Queryable,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db.query(
    `update users set password_hash = $2, must_change_password = true, updated_at = now()
      where id = $1`,
    [userId, passwordHash],
  );
}

export interface UserChanges {
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role_id: number;
  max_content: number;
  is_batch_moderator: boolean;
}

export async function updateUser(db: Queryable, id: number, changes: UserChanges): Promise<void> {
  await db.query(
    `update users
        set username = $2, first_name = $3, last_name = $4, email = $5, role_id = $6,
            max_content = $7, is_batch_moderator = $8, updated_at = now()
      where id = $1`,
    [
      id,
      changes.username,
      changes.first_name,
      changes.last_name,
      changes.email,
      changes.role_id,
      changes.max_content,
      changes.is_batch_moderator,
    ],
  );
}

export async function setUserDisabled(db: Queryable, id: number, disabled: boolean): Promise<void> {
  await db.query('update users set disabled = $2, updated_at = now() where id = $1', [
    id,
    disabled,
  ]);
}

/**
 * Locks the rows of every active user of the admin role until the transaction ends and answers
 * their ids: two administrators deactivating each other at the same moment queue up here, so
 * the second sees the first's change and the last administrator always stays.
 */
export async function lockActiveAdmins(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select u.id from users u join roles r on r.id = u.role_id
      where r.name = 'admin' and not u.disabled
      order by u.id
      for update of u`,
  );
  return rows.map((row) => row.id);
}

/** Locks one user's row until the transaction ends. */
export async function lockUser(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const locked = await queryOne(db, 'select id from users where id = $1 for update', [id]);
  return locked ? findUserById(db, id) : undefined;
}

export async function usernameTaken(
  db: Queryable,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await queryOne(
    db,
    'select 1 from users where lower(username) = lower($1) and id <> coalesce($2, 0)',
    [username, exceptId ?? null],
  );
  return row !== undefined;
}

export async function emailTaken(
  db: Queryable,
  email: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await queryOne(
    db,
    'select 1 from users where lower(email) = lower($1) and id <> coalesce($2, 0)',
    [email, exceptId ?? null],
  );
  return row !== undefined;
}

/** Permissions of a role, by id (empty for an unknown role). */
export async function rolePermissions(db: Queryable, roleId: number): Promise<string[]> {
  const rows = await db.query<{ permission: string }>(
    'select permission from role_permissions where role_id = $1 order by permission',
    [roleId],
  );
  return rows.map((row) => row.permission);
}

/** Re-reads several users at once (for refreshing the sockets of users whose role changed). */
export async function findUsersByIds(db: Queryable, ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  // Prepared: every socket's session re-check reads its user.
  const rows = await db.queryPrepared<UserRow>(
    'users_by_ids',
    `${SELECT_USER} where u.id = any($1::int[])`,
    [ids],
  );
  return rows.map((row) => toRecord(row) as UserRecord);
}
