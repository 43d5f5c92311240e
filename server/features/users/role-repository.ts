import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../../../src/contract/permissions';
import type { Database } from '../../db/database';

/** Roles that hold every permission, including permissions added by later versions. */
const FULL_ACCESS_ROLES = ['admin', 'developer'];

/**
 * Makes the permission catalogue and the built-in roles match this version. A built-in role
 * that an administrator has edited keeps its edits, except the full-access roles, which always
 * receive every permission.
 */
export async function syncRolesAndPermissions(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const permission of ALL_PERMISSIONS) {
      await tx.query('insert into permissions (name) values ($1) on conflict do nothing', [
        permission,
      ]);
    }
    for (const [role, permissions] of Object.entries(ROLE_PERMISSIONS)) {
      const created = await tx.query<{ id: number }>(
        'insert into roles (name) values ($1) on conflict (name) do nothing returning id',
        [role],
      );
      const isNew = created.length > 0;
      if (isNew || FULL_ACCESS_ROLES.includes(role)) {
        await tx.query(
          `insert into role_permissions (role_id, permission)
           select r.id, p from roles r, unnest($2::text[]) as p where r.name = $1
           on conflict do nothing`,
          [role, permissions],
        );
      }
    }
  });
}
