import type { Queryable } from '../../db/database';
import { putSetting } from '../settings/settings-repository';

/**
 * Which roles require two-factor sign-in, as SQL the user and role queries share, so a request's
 * access check and the roles screen read the same answer.
 *
 * A role's `requires_two_factor` is an administrator's choice when set. Unset, it follows the
 * role's permissions: on for a role that can change users, roles or settings (taking over such
 * an account takes over the console), off for the others; a role that gains one of those
 * permissions later is covered at once. A demo database turns that default off (the setting
 * below, written by the demo seed): visitors and the browser tests sign in with a password.
 */
export const GUARDING_PERMISSIONS = [
  'section_users',
  'section_roles_and_permissions',
  'section_settings',
] as const;

export const DEFAULT_SETTING = 'two_factor_required_by_default';

/** SQL: whether the role in the alias `role` requires two factors. */
export function roleRequiresTwoFactorSql(role: string): string {
  const guarding = GUARDING_PERMISSIONS.map((permission) => `'${permission}'`).join(', ');
  return `coalesce(${role}.requires_two_factor,
      coalesce((select (s.value)::boolean from settings s where s.key = '${DEFAULT_SETTING}'), true)
      and exists (select 1 from role_permissions rp
                   where rp.role_id = ${role}.id and rp.permission in (${guarding})))`;
}

/** SQL: whether the user in the alias `user` has confirmed two-factor sign-in. */
export function twoFactorEnabledSql(user: string): string {
  return `exists (select 1 from user_two_factor t
                   where t.user_id = ${user}.id and t.confirmed_at is not null)`;
}

/**
 * SQL: the same rule as a join, for queries that read many users at once: `alias` is the user's
 * confirmed two-factor row, and `alias.user_id is not null` says it is enabled.
 */
export function confirmedTwoFactorJoinSql(alias: string, user: string): string {
  return `left join user_two_factor ${alias}
            on ${alias}.user_id = ${user}.id and ${alias}.confirmed_at is not null`;
}

/** Demo mode: no role requires two factors unless an administrator says so. */
export async function keepDemoOnPasswords(db: Queryable): Promise<void> {
  await putSetting(db, DEFAULT_SETTING, false);
}
