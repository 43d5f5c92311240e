import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  ESSENTIAL_PERMISSIONS,
  ROLE_PERMISSIONS,
} from '../../../../src/contract/permissions';
import { ROLE_TEXTS, type RoleRow } from '../../../../src/contract/roles';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import { syncRolesAndPermissions } from '../../../../server/features/users/role-repository';
import { createOperator } from '../../../support/moderation-fixtures';
import {
  auditCount,
  auditRows,
  roleIdOf,
  sessionFor,
  type SignedInUser,
} from '../../../support/people-fixtures';
import { useTestServer } from '../../../support/test-server';
import { SocketRecorder } from '../../../support/protocol';

interface RoleBody {
  ok: boolean;
  data: RoleRow;
  message?: string;
  fields?: Record<string, string>;
}

describe('/roles-and-permissions', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });

  const roles = async () =>
    (await admin.client.get<{ data: RoleRow[] }>('/api/roles/all')).body.data;
  const roleNamed = async (name: string) => {
    const role = (await roles()).find((row) => row.name === name);
    if (!role) throw new Error(`no role ${name}`);
    return role;
  };
  const setPermissions = (roleId: number, permissions: readonly string[]) =>
    admin.client.post<RoleBody>('/api/permissions/add-permissions', {
      role_id: roleId,
      permissions,
    });

  it('lists the built-in roles first with their user counts, permissions and essentials', async () => {
    const list = await roles();
    expect(list.slice(0, 5).map((role) => role.name)).toEqual([
      'admin',
      'developer',
      'operator',
      'customer',
      'demo',
    ]);
    const operator = list.find((role) => role.name === 'operator');
    expect(operator).toMatchObject({
      built_in: true,
      users: 2,
      permissions: [...(ROLE_PERMISSIONS.operator ?? [])].sort(),
      essential_permissions: ESSENTIAL_PERMISSIONS.operator,
    });
    expect(list.find((role) => role.name === 'admin')?.permissions).toHaveLength(
      ALL_PERMISSIONS.length,
    );
  });

  it('adds, copies, renames and deletes a role, each with its audit row', async () => {
    const added = await admin.client.post<RoleBody>('/api/roles/add-role', {
      name: 'Reviewer',
      description: 'Second-line review',
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      name: 'Reviewer',
      description: 'Second-line review',
      built_in: false,
      users: 0,
      permissions: [],
      essential_permissions: [],
    });

    const operatorId = await roleIdOf(server.db, 'operator');
    const copy = await admin.client.post<RoleBody>('/api/roles/add-role', {
      name: 'Senior operator',
      copy_from_role_id: operatorId,
    });
    expect(copy.body.data.permissions).toEqual(['section_moderation', 'section_park']);
    // A copy of a built-in role is not built in: it has no essentials.
    expect(copy.body.data.essential_permissions).toEqual([]);

    const renamed = await admin.client.post<RoleBody>('/api/roles/update-role', {
      id: added.body.data.id,
      name: 'Second-line reviewer',
      description: '',
    });
    expect(renamed.body.data).toMatchObject({ name: 'Second-line reviewer', description: '' });

    const removed = await admin.client.post('/api/roles/delete-role', { id: added.body.data.id });
    expect(removed.status).toBe(200);
    expect((await roles()).some((role) => role.id === added.body.data.id)).toBe(false);

    const actions = (await auditRows(server.db)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['role.create', 'role.update', 'role.delete']));
    expect((await auditRows(server.db, 'role.create')).at(-1)?.details).toMatchObject({
      name: 'Senior operator',
      copied_from: 'operator',
    });
  });

  it('refuses duplicate names (any case), built-in renames and deletes, and roles in use', async () => {
    const auditsBefore = await auditCount(server.db);
    const duplicate = await admin.client.post<RoleBody>('/api/roles/add-role', {
      name: 'OPERATOR',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.fields?.name).toBe(ROLE_TEXTS.duplicateName);

    const operator = await roleNamed('operator');
    const rename = await admin.client.post<RoleBody>('/api/roles/update-role', {
      id: operator.id,
      name: 'worker',
    });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe(ROLE_TEXTS.builtInRename);
    // Its description may change.
    const described = await admin.client.post<RoleBody>('/api/roles/update-role', {
      id: operator.id,
      name: 'operator',
      description: 'Moderates the live queue',
    });
    expect(described.status).toBe(200);

    const builtInDelete = await admin.client.post('/api/roles/delete-role', { id: operator.id });
    expect(builtInDelete.status).toBe(409);
    expect(builtInDelete.body.message).toBe(ROLE_TEXTS.builtInDelete);

    const custom = await admin.client.post<RoleBody>('/api/roles/add-role', { name: 'In use' });
    const user = await createOperator(server.db, server.baseUrl);
    await server.db.query('update users set role_id = $2 where id = $1', [
      user.id,
      custom.body.data.id,
    ]);
    const inUse = await admin.client.post('/api/roles/delete-role', { id: custom.body.data.id });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(ROLE_TEXTS.inUse(1));
    // Only the description change and the new role were recorded.
    expect(await auditCount(server.db)).toBe(auditsBefore + 2);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const bad = await admin.client.post('/api/roles/add-role', {
      name: '  ',
      description: 'x'.repeat(201),
      copy_from_role_id: 'abc',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      name: 'Enter a role name',
      description: 'The description must be at most 200 characters',
      copy_from_role_id: 'Choose the role to copy',
    });
    const unknown = await admin.client.post('/api/permissions/add-permissions', {
      role_id: 1,
      permissions: ['section_everything'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields?.['permissions.0']).toBe('Unknown permission');
    const missing = await admin.client.post('/api/roles/update-role', { id: 999_999, name: 'x' });
    expect(missing.status).toBe(404);
  });

  it('keeps the essential permissions of built-in roles', async () => {
    const adminRole = await roleNamed('admin');
    const auditsBefore = await auditCount(server.db);
    const lockout = await setPermissions(
      adminRole.id,
      adminRole.permissions.filter((permission) => permission !== 'section_users'),
    );
    expect(lockout.status).toBe(422);
    expect(lockout.body.fields?.permissions).toBe(ROLE_TEXTS.essential('admin', ['section_users']));
    expect(await auditCount(server.db)).toBe(auditsBefore);
  });

  it('takes a removed permission away from signed-in users at once, and tells their console', async () => {
    const customer = await sessionFor(server.db, server.baseUrl, 'customer');
    const role = await roleNamed('customer');
    const added = await setPermissions(role.id, [...role.permissions, 'section_dashboard']);
    expect(added.status).toBe(200);
    expect((await customer.client.get('/api/content/get/requests')).status).toBe(200);

    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      customer.cookie,
    );
    try {
      await socket.next('moderation-status');
      const mark = socket.mark();
      const removed = await setPermissions(role.id, role.permissions);
      expect(removed.status).toBe(200);
      expect(removed.body.data.permissions).toEqual(role.permissions);
      // The very next request is refused: permissions are read on every request.
      expect((await customer.client.get('/api/content/get/requests')).status).toBe(403);
      await socket.next('account-changed', () => true, { since: mark });
      const me = await customer.client.get<{ data: { permissions: string[] } }>('/api/auth');
      expect(me.body.data.permissions).not.toContain('section_dashboard');
      expect((await auditRows(server.db, 'role.permissions')).at(-1)?.details).toEqual({
        role: 'customer',
        added: [],
        removed: ['section_dashboard'],
      });
    } finally {
      socket.close();
    }
  });

  it('lets nobody grant a permission they do not hold', async () => {
    await server.db.query(`insert into roles (name) values ('role-manager')`);
    const managerRole = await roleIdOf(server.db, 'role-manager');
    await server.db.query(
      `insert into role_permissions (role_id, permission)
       values ($1, 'section_roles_and_permissions'), ($1, 'section_dashboard')`,
      [managerRole],
    );
    const manager = await createOperator(server.db, server.baseUrl, { role: 'role-manager' });
    const grant = await manager.client.post('/api/permissions/add-permissions', {
      role_id: managerRole,
      permissions: ['section_roles_and_permissions', 'section_dashboard', 'section_users'],
    });
    expect(grant.status).toBe(403);
    const custom = await manager.client.post<RoleBody>('/api/roles/add-role', { name: 'Viewers' });
    expect(custom.status).toBe(200);
    const allowed = await manager.client.post<RoleBody>('/api/permissions/add-permissions', {
      role_id: custom.body.data.id,
      permissions: ['section_dashboard'],
    });
    expect(allowed.status).toBe(200);
    const copyAdmin = await manager.client.post('/api/roles/add-role', {
      name: 'Admins too',
      copy_from_role_id: await roleIdOf(server.db, 'admin'),
    });
    expect(copyAdmin.status).toBe(403);
  });

  it('keeps an administrator’s edits of built-in roles across restarts, restores essentials, and grants new defaults once', async () => {
    const adminRole = await roleNamed('admin');
    const operatorRole = await roleNamed('operator');
    const withoutCharts = adminRole.permissions.filter((p) => p !== 'section_charts');
    expect((await setPermissions(adminRole.id, withoutCharts)).status).toBe(200);
    expect(
      (await setPermissions(operatorRole.id, [...operatorRole.permissions, 'section_profile']))
        .status,
    ).toBe(200);
    // Someone took an essential permission away behind the console's back.
    await server.db.query(
      `delete from role_permissions where role_id = $1 and permission = 'section_park'`,
      [operatorRole.id],
    );
    // A permission that a later version brings: the role has not been offered it yet.
    await server.db.query(
      `delete from role_permissions where role_id = $1 and permission = 'section_voice'`,
      [adminRole.id],
    );
    await server.db.query(
      `delete from role_default_grants where role_id = $1 and permission = 'section_voice'`,
      [adminRole.id],
    );

    await syncRolesAndPermissions(server.db);
    await syncRolesAndPermissions(server.db);

    const adminAfter = await roleNamed('admin');
    expect(adminAfter.permissions).not.toContain('section_charts');
    expect(adminAfter.permissions).toContain('section_voice');
    const operatorAfter = await roleNamed('operator');
    expect(operatorAfter.permissions).toEqual([
      'section_moderation',
      'section_park',
      'section_profile',
    ]);
  });
});
