import { queryOne, type Queryable } from '../../db/database';
import { hashSecret, newSecret } from './tokens';

/** Reset links are single-use and expire; only the token's hash is stored. */
export const RESET_LINK_LIFETIME_MINUTES = 60;

/** A new single-use link; `lifetimeMinutes` longer than the default for administrators' invitations. */
export async function createPasswordReset(
  db: Queryable,
  userId: number,
  lifetimeMinutes = RESET_LINK_LIFETIME_MINUTES,
): Promise<string> {
  const token = newSecret();
  // A new link replaces any older unused one.
  await db.query('delete from password_resets where user_id = $1 and used_at is null', [userId]);
  await db.query(
    `insert into password_resets (user_id, token_hash, expires_at)
     values ($1, $2, now() + $3 * interval '1 minute')`,
    [userId, hashSecret(token), lifetimeMinutes],
  );
  return token;
}

export async function findValidReset(
  db: Queryable,
  token: string,
): Promise<{ user_id: number } | undefined> {
  return queryOne<{ user_id: number }>(
    db,
    `select user_id from password_resets
      where token_hash = $1 and used_at is null and expires_at > now()`,
    [hashSecret(token)],
  );
}

/** Marks the token used; answers the user id only if it was valid and unused a moment ago. */
export async function consumeReset(db: Queryable, token: string): Promise<number | undefined> {
  const row = await queryOne<{ user_id: number }>(
    db,
    `update password_resets set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now()
      returning user_id`,
    [hashSecret(token)],
  );
  return row?.user_id;
}
