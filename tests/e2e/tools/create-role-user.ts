/**
 * Browser-test tool, run with runServerCli on a stopped (or not yet started) server's data
 * directory: creates a role holding exactly the given permissions and a user in it, as an
 * administrator would through role management. Used where no demo role fits, e.g. a dashboard
 * user without can_view_stuck_pending.
 *
 *   tsx tests/e2e/tools/create-role-user.ts --role NAME --username NAME --password SECRET \
 *     --permissions section_dashboard,section_profile
 */
import { parseArgs } from 'node:util';
import { isPermission } from '../../../src/contract/permissions';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open-database';
import { hashPassword, setPasswordHashCost } from '../../../server/features/auth/password-hasher';
import { syncRolesAndPermissions } from '../../../server/features/users/role-repository';
import { createUser } from '../../../server/features/users/user-repository';

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    permissions: { type: 'string' },
  },
});
const { role, username, password } = values;
const permissions = (values.permissions ?? '').split(',').filter(Boolean);
if (!role || !username || !password || permissions.length === 0) {
  console.error('Usage: --role NAME --username NAME --password SECRET --permissions a,b');
  process.exit(2);
}
const unknown = permissions.filter((permission) => !isPermission(permission));
if (unknown.length > 0) {
  console.error(`Unknown permissions: ${unknown.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
setPasswordHashCost(config.passwordHashLogN);
const db = await openDatabase(config);
try {
  await syncRolesAndPermissions(db);
  await db.transaction(async (tx) => {
    await tx.query('insert into roles (name) values ($1) on conflict (name) do nothing', [role]);
    await tx.query(
      `insert into role_permissions (role_id, permission)
       select r.id, p from roles r, unnest($2::text[]) as p where r.name = $1
       on conflict do nothing`,
      [role, permissions],
    );
  });
  const id = await createUser(db, { username, role, password_hash: await hashPassword(password) });
  console.log(`Created '${username}' (id ${id}) in role '${role}': ${permissions.join(', ')}`);
} finally {
  await db.close();
}
