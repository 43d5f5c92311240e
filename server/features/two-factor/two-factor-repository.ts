import { CHALLENGE_MINUTES } from '../../../src/contract/two-factor';
import { queryOne, type Queryable } from '../../db/database';
import { hashSecret, newSecret } from '../auth/tokens';

/**
 * Storage of two-factor sign-in: the TOTP secret per user (user_two_factor), the hashed
 * recovery codes and the sign-in challenges. The updates that spend something (a time step, a
 * recovery code, a challenge) are single statements with the condition in their WHERE clause,
 * so two parallel requests with the same code cannot both pass.
 */
export interface TwoFactorRow {
  secret: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

export async function findTwoFactor(
  db: Queryable,
  userId: number,
): Promise<TwoFactorRow | undefined> {
  return queryOne<TwoFactorRow>(
    db,
    'select secret, confirmed_at, last_step from user_two_factor where user_id = $1',
    [userId],
  );
}

/** Locks the user's row (setup, disable) until the transaction ends. */
export async function lockTwoFactor(
  db: Queryable,
  userId: number,
): Promise<TwoFactorRow | undefined> {
  return queryOne<TwoFactorRow>(
    db,
    'select secret, confirmed_at, last_step from user_two_factor where user_id = $1 for update',
    [userId],
  );
}

/** A new key waiting for its first code; replaces one still waiting, never a confirmed one. */
export async function savePendingSecret(
  db: Queryable,
  userId: number,
  secret: string,
): Promise<boolean> {
  const rows = await db.query(
    `insert into user_two_factor (user_id, secret) values ($1, $2)
     on conflict (user_id) do update set secret = excluded.secret, created_at = now()
      where user_two_factor.confirmed_at is null
     returning user_id`,
    [userId, secret],
  );
  return rows.length > 0;
}

export async function confirmTwoFactor(db: Queryable, userId: number, step: number): Promise<void> {
  await db.query(
    'update user_two_factor set confirmed_at = now(), last_step = $2 where user_id = $1',
    [userId, step],
  );
}

/** Spends the time step of an accepted code; false when it (or a newer one) was spent already. */
export async function spendStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query(
    `update user_two_factor set last_step = $2
      where user_id = $1 and confirmed_at is not null
        and (last_step is null or last_step < $2)
      returning user_id`,
    [userId, step],
  );
  return rows.length > 0;
}

export async function replaceRecoveryCodes(
  db: Queryable,
  userId: number,
  codes: readonly string[],
): Promise<void> {
  await db.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await db.query(
    `insert into two_factor_recovery_codes (user_id, code_hash)
     select $1, unnest($2::text[])`,
    [userId, codes.map(hashSecret)],
  );
}

/** Spends a recovery code (already normalised); false when it is unknown or was used. */
export async function spendRecoveryCode(
  db: Queryable,
  userId: number,
  code: string,
): Promise<boolean> {
  const rows = await db.query(
    `update two_factor_recovery_codes set used_at = now()
      where user_id = $1 and code_hash = $2 and used_at is null
      returning id`,
    [userId, hashSecret(code)],
  );
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from two_factor_recovery_codes
      where user_id = $1 and used_at is null`,
    [userId],
  );
  return row?.count ?? 0;
}

/** Turns two-factor sign-in off: the key, the recovery codes and open challenges go. */
export async function deleteTwoFactor(db: Queryable, userId: number): Promise<boolean> {
  await db.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await db.query('delete from two_factor_challenges where user_id = $1', [userId]);
  const rows = await db.query(
    'delete from user_two_factor where user_id = $1 returning confirmed_at',
    [userId],
  );
  return rows.length > 0;
}

/** A challenge for the second sign-in step; answers the id the browser holds. */
export async function createChallenge(
  db: Queryable,
  userId: number,
  remember: boolean,
): Promise<string> {
  const id = newSecret();
  await db.query(
    `insert into two_factor_challenges (id_hash, user_id, remember, expires_at)
     values ($1, $2, $3, now() + $4 * interval '1 minute')`,
    [hashSecret(id), userId, remember, CHALLENGE_MINUTES],
  );
  return id;
}

/** The user a live challenge belongs to. */
export async function challengeOwner(db: Queryable, id: string): Promise<number | undefined> {
  const row = await queryOne<{ user_id: number }>(
    db,
    'select user_id from two_factor_challenges where id_hash = $1 and expires_at > now()',
    [hashSecret(id)],
  );
  return row?.user_id;
}

/** Spends a live challenge; answers it, or undefined when it expired or was spent. */
export async function spendChallenge(
  db: Queryable,
  id: string,
): Promise<{ user_id: number; remember: boolean } | undefined> {
  return queryOne<{ user_id: number; remember: boolean }>(
    db,
    `delete from two_factor_challenges where id_hash = $1 and expires_at > now()
     returning user_id, remember`,
    [hashSecret(id)],
  );
}

export async function deleteExpiredChallenges(db: Queryable): Promise<void> {
  await db.query('delete from two_factor_challenges where expires_at <= now()');
}

export async function setRoleRequiresTwoFactor(
  db: Queryable,
  roleId: number,
  required: boolean,
): Promise<void> {
  await db.query('update roles set requires_two_factor = $2 where id = $1', [roleId, required]);
}
