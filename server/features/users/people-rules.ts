import { HttpError } from '../../http/errors';
import type { UserRecord } from './user-repository';

/**
 * Who may hand out what. Holding section_users or section_roles_and_permissions must never be
 * a way to more access than one has: a user gives a role, grants a permission or manages an
 * account (edit, deactivate, reset its password) only if they hold every permission involved.
 * An administrator holds them all, so for them these rules never bite.
 */
export function missingFrom(held: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((permission) => !held.includes(permission));
}

function listed(permissions: readonly string[]): string {
  const shown = permissions.slice(0, 5).join(', ');
  return permissions.length > 5 ? `${shown} and ${permissions.length - 5} more` : shown;
}

/** 403 unless the actor holds every permission of the role they are about to give. */
export function ensureMayGiveRole(
  actor: UserRecord,
  role: { name: string; permissions: readonly string[] },
): void {
  const missing = missingFrom(actor.permissions, role.permissions);
  if (missing.length > 0) {
    throw new HttpError(
      403,
      `You cannot give the role ${role.name}: it has permissions you do not hold (${listed(missing)}).`,
    );
  }
}

/** 403 unless the actor holds every permission of the account they are about to change. */
export function ensureMayManage(actor: UserRecord, target: UserRecord): void {
  const missing = missingFrom(actor.permissions, target.permissions);
  if (missing.length > 0) {
    throw new HttpError(
      403,
      `You cannot manage ${target.username}: their role has permissions you do not hold (${listed(missing)}).`,
    );
  }
}

/** 403 unless the actor holds every permission of the role before and after the change. */
export function ensureMayChangeRole(
  actor: UserRecord,
  role: { name: string },
  permissions: readonly string[],
): void {
  const missing = missingFrom(actor.permissions, permissions);
  if (missing.length > 0) {
    throw new HttpError(
      403,
      `You cannot change the role ${role.name}: it would involve permissions you do not hold (${listed(missing)}).`,
    );
  }
}

/** PostgreSQL's unique_violation: a concurrent insert won the race for a name. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
