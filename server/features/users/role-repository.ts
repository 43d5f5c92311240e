import {
  ALL_PERMISSIONS,
  BUILT_IN_ROLES,
  BUILT_IN_ROLE_DESCRIPTIONS,
  ESSENTIAL_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  ROLE_PERMISSIONS,
  essentialPermissionsOf,
  isBuiltInRole,
  type Permission,
} from '../../../src/contract/permissions';
import type { RoleRow } from '../../../src/contract/roles';
import { queryOne, type Database, type Queryable } from '../../db/database';
import { roleRequiresTwoFactorSql } from '../two-factor/two-factor-policy';

/**
 * Makes the permission catalogue and the built-in roles match this version, at every start:
 * - every permission of the catalogue exists, with its current description;
 * - every built-in role exists, with its default description where it has none; a role
 *   created now gets its default permissions;
 * - a default permission is granted to a built-in role once (role_default_grants remembers it),
 *   so one added by a later version reaches admin and developer at that version's first start,
 *   while a permission an administrator took away or added stays as they left it;
 * - the essential permissions of each built-in role are restored whatever happened.
 */
export async function syncRolesAndPermissions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into permissions (name, description)
       select name, description from unnest($1::text[], $2::text[]) as p(name, description)
       on conflict (name) do update set description = excluded.description
        where permissions.description is distinct from excluded.description`,
      [ALL_PERMISSIONS, ALL_PERMISSIONS.map((permission) => PERMISSION_DESCRIPTIONS[permission])],
    );
    for (const role of BUILT_IN_ROLES) {
      await tx.query('insert into roles (name) values ($1) on conflict do nothing', [role]);
      await tx.query(`update roles set description = $2 where name = $1 and description = ''`, [
        role,
        BUILT_IN_ROLE_DESCRIPTIONS[role],
      ]);
      const defaults = ROLE_PERMISSIONS[role] ?? [];
      await tx.query(
        `with offered as (
           insert into role_default_grants (role_id, permission)
           select r.id, p from roles r, unnest($2::text[]) as p where r.name = $1
           on conflict do nothing
           returning role_id, permission)
         insert into role_permissions (role_id, permission)
         select role_id, permission from offered
         on conflict do nothing`,
        [role, defaults],
      );
      await tx.query(
        `insert into role_permissions (role_id, permission)
         select r.id, p from roles r, unnest($2::text[]) as p where r.name = $1
         on conflict do nothing`,
        [role, ESSENTIAL_PERMISSIONS[role]],
      );
    }
  });
}

interface RoleDbRow {
  id: number;
  name: string;
  description: string;
  users: number;
  permissions: string[];
  requires_two_factor: boolean;
}

function toRoleRow(row: RoleDbRow): RoleRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    built_in: isBuiltInRole(row.name),
    users: row.users,
    permissions: row.permissions,
    essential_permissions: [...essentialPermissionsOf(row.name)],
    requires_two_factor: row.requires_two_factor,
  };
}

const SELECT_ROLE = `
  select r.id, r.name, r.description,
         (select count(*)::int from users u where u.role_id = r.id) as users,
         coalesce(
           (select array_agg(rp.permission order by rp.permission)
              from role_permissions rp where rp.role_id = r.id),
           '{}') as permissions,
         ${roleRequiresTwoFactorSql('r')} as requires_two_factor
    from roles r`;

/** Built-in roles first in their fixed order, then the others by name. */
export async function listRoles(db: Queryable): Promise<RoleRow[]> {
  const rows = await db.query<RoleDbRow>(
    `${SELECT_ROLE}
      order by array_position($1::text[], r.name) nulls last, lower(r.name), r.id`,
    [BUILT_IN_ROLES],
  );
  return rows.map(toRoleRow);
}

export async function findRole(db: Queryable, id: number): Promise<RoleRow | undefined> {
  const row = await queryOne<RoleDbRow>(db, `${SELECT_ROLE} where r.id = $1`, [id]);
  return row ? toRoleRow(row) : undefined;
}

/** Locks the role's row until the transaction ends, so two changes of one role queue up. */
export async function lockRole(db: Queryable, id: number): Promise<RoleRow | undefined> {
  const locked = await queryOne<{ id: number }>(
    db,
    'select id from roles where id = $1 for update',
    [id],
  );
  return locked ? findRole(db, id) : undefined;
}

export async function roleNameTaken(
  db: Queryable,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await queryOne(
    db,
    'select 1 from roles where lower(name) = lower($1) and id <> coalesce($2, 0)',
    [name, exceptId ?? null],
  );
  return row !== undefined;
}

export async function insertRole(
  db: Queryable,
  role: { name: string; description: string; permissions: readonly string[] },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    'insert into roles (name, description) values ($1, $2) returning id',
    [role.name, role.description],
  );
  if (!row) throw new Error('insert into roles returned no id');
  await setRolePermissions(db, row.id, role.permissions);
  return row.id;
}

export async function updateRole(
  db: Queryable,
  id: number,
  role: { name: string; description: string },
): Promise<void> {
  await db.query('update roles set name = $2, description = $3 where id = $1', [
    id,
    role.name,
    role.description,
  ]);
}

/** Deletes the role if no user has it; answers whether it did. */
export async function deleteUnusedRole(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `delete from roles r where r.id = $1
        and not exists (select 1 from users u where u.role_id = r.id)
      returning id`,
    [id],
  );
  return rows.length > 0;
}

/** Replaces the role's permissions with exactly these. */
export async function setRolePermissions(
  db: Queryable,
  roleId: number,
  permissions: readonly string[],
): Promise<void> {
  await db.query(
    'delete from role_permissions where role_id = $1 and not (permission = any($2::text[]))',
    [roleId, permissions],
  );
  await db.query(
    `insert into role_permissions (role_id, permission)
     select $1, p from unnest($2::text[]) as p
     on conflict do nothing`,
    [roleId, permissions],
  );
}

/** Ids of the users who have the role, for telling their consoles. */
export async function userIdsWithRole(db: Queryable, roleId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>('select id from users where role_id = $1', [roleId]);
  return rows.map((row) => row.id);
}

export function missingPermissions(
  wanted: readonly string[],
  held: readonly string[],
): Permission[] {
  return wanted.filter((permission) => !held.includes(permission)) as Permission[];
}
