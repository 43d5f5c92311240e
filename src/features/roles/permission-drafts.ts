import type { RoleRow } from '../../contract/roles';

/**
 * Unsaved changes of the permission matrix: per changed role, the whole permission set it will
 * have. A role whose draft comes back to what it has (ticked and unticked again) has no draft.
 */
export type Drafts = ReadonlyMap<number, ReadonlySet<string>>;

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === b.length && b.every((item) => a.has(item));
}

export function toggled(
  drafts: Drafts,
  role: Pick<RoleRow, 'id' | 'permissions'>,
  permission: string,
  on: boolean,
): Drafts {
  const next = new Set(drafts.get(role.id) ?? role.permissions);
  if (on) next.add(permission);
  else next.delete(permission);
  const result = new Map(drafts);
  if (sameSet(next, role.permissions)) result.delete(role.id);
  else result.set(role.id, next);
  return result;
}

/** How many cells differ from the saved permissions, and in how many roles. */
export function countChanges(
  roles: readonly Pick<RoleRow, 'id' | 'permissions'>[],
  drafts: Drafts,
): { cells: number; roles: number } {
  let cells = 0;
  let changedRoles = 0;
  for (const role of roles) {
    const draft = drafts.get(role.id);
    if (!draft) continue;
    const saved = new Set(role.permissions);
    const differing =
      [...draft].filter((permission) => !saved.has(permission)).length +
      role.permissions.filter((permission) => !draft.has(permission)).length;
    if (differing > 0) {
      cells += differing;
      changedRoles += 1;
    }
  }
  return { cells, roles: changedRoles };
}
