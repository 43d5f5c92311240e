import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_PATH } from '../../../../src/contract/auth';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import { USER_TEXTS, type UserRow } from '../../../../src/contract/users';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import {
  auditCount,
  auditRows,
  newUserBody,
  roleIdOf,
  sessionFor,
  type SignedInUser,
} from '../../../support/people-fixtures';
import { useTestServer } from '../../../support/test-server';
import {
  SocketRecorder,
  connectSocket,
  contentIds,
  ingestTexts,
  waitFor,
} from '../../../support/protocol';

interface ListBody {
  ok: boolean;
  data: UserRow[];
  total: number;
}

interface CreateBody {
  ok: boolean;
  data: {
    user: UserRow;
    access:
      | { method: 'mail'; email: string; sent: boolean }
      | { method: 'one_time_password'; password: string };
  };
  message?: string;
  fields?: Record<string, string>;
}

function passwordOf(body: CreateBody): string {
  if (body.data.access.method !== 'one_time_password') {
    throw new Error(`expected a one-time password, got ${JSON.stringify(body.data.access)}`);
  }
  return body.data.access.password;
}

describe('/users without mail (one-time passwords)', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0', LEASE_GRACE_SECONDS: '30' } });
  let admin: SignedInUser;
  let operatorRole: number;
  let adminRole: number;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
    operatorRole = await roleIdOf(server.db, 'operator');
    adminRole = await roleIdOf(server.db, 'admin');
  });

  const create = (body: Record<string, unknown>, as: SignedInUser = admin) =>
    as.client.post<CreateBody>('/api/users/create', body);

  it('lists users with search, filters, sorting and paging, one page at a time', async () => {
    const all = await admin.client.get<ListBody>('/api/users/all?per_page=10');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(6);
    expect(all.body.data.map((row) => row.username).slice(0, 3)).toEqual([
      'admin',
      'batch',
      'customer',
    ]);
    const operatorRow = all.body.data.find((row) => row.username === 'operator');
    expect(operatorRow).toMatchObject({
      role: 'operator',
      role_id: operatorRole,
      active: true,
      locked: false,
      max_content: 6,
      is_batch_moderator: false,
      must_change_password: false,
      email: 'operator@example.com',
    });

    const search = await admin.client.get<ListBody>('/api/users/all?search=OLIVE');
    expect(search.body.data.map((row) => row.username)).toEqual(['operator']);
    const byEmail = await admin.client.get<ListBody>('/api/users/all?search=batch%40example');
    expect(byEmail.body.data.map((row) => row.username)).toEqual(['batch']);
    // A LIKE wildcard is searched for literally.
    const wildcard = await admin.client.get<ListBody>('/api/users/all?search=%25');
    expect(wildcard.body.total).toBe(0);

    const operators = await admin.client.get<ListBody>(
      `/api/users/all?role_id=${operatorRole}&batch=true`,
    );
    expect(operators.body.data.map((row) => row.username)).toEqual(['batch']);

    const byRole = await admin.client.get<ListBody>('/api/users/all?sort=role&order=desc');
    const roles = byRole.body.data.map((row) => row.role);
    expect(roles).toEqual([...roles].sort().reverse());

    const second = await admin.client.get<ListBody>('/api/users/all?per_page=10&page=2');
    expect(second.status).toBe(200);
    expect(second.body.data.map((row) => row.id)).not.toContain(all.body.data[0]?.id);
  });

  it('refuses bad list queries with 422 naming the field', async () => {
    const bad = await admin.client.get('/api/users/all?sort=password&per_page=7&active=maybe');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['active', 'per_page', 'sort']);
    const far = await admin.client.get('/api/users/all?page=500&per_page=100');
    expect(far.status).toBe(422);
    expect(far.body.fields?.page).toMatch(/narrow the filter/);
  });

  it('exports the current filter as CSV', async () => {
    const response = await admin.client.get(`/api/users/export?role_id=${operatorRole}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toContain('username');
    const usernames = lines.slice(1).map((line) => line.split(',')[1]);
    expect(usernames).toContain('operator');
    expect(usernames).toContain('batch');
    expect(usernames).not.toContain('admin');
  });

  it('offers the roles and says that no mail leaves the server', async () => {
    const response = await admin.client.get<{
      data: { roles: { name: string }[]; mail_enabled: boolean };
    }>('/api/users/options');
    expect(response.status).toBe(200);
    expect(response.body.data.mail_enabled).toBe(false);
    expect(response.body.data.roles.map((role) => role.name)).toEqual(
      expect.arrayContaining(['admin', 'developer', 'operator', 'customer', 'demo']),
    );
  });

  it('creates an operator with a one-time password that must be changed at first sign-in', async () => {
    const auditsBefore = await auditCount(server.db);
    const body = newUserBody(operatorRole, { username: 'New_Op', max_content: 3, email: '' });
    const created = await create(body);
    expect(created.status).toBe(200);
    expect(created.body.data.user).toMatchObject({
      username: 'New_Op',
      email: null,
      role: 'operator',
      max_content: 3,
      active: true,
      must_change_password: true,
      last_sign_in_at: null,
    });
    const password = passwordOf(created.body);
    expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
    // The password is in that answer only: not stored, not logged in the audit row.
    const [audit] = (await auditRows(server.db, 'user.create')).slice(-1);
    expect(audit).toMatchObject({ actor_username: 'admin', target_type: 'user' });
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(await auditCount(server.db)).toBe(auditsBefore + 1);

    // Sign-in leads to the change-password form, and nothing else answers meanwhile.
    const signedIn = await server.signIn('new_op', password);
    const me = await signedIn.get<{ data: { must_change_password: boolean } }>('/api/auth');
    expect(me.body.data.must_change_password).toBe(true);
    const login = await server.client().post('/auth/login', { username: 'NEW_OP', password });
    expect(login.body.redirect).toBe(CHANGE_PASSWORD_PATH);
    const blocked = await signedIn.post('/api/content/update', [{ id: 1 }]);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('password_change_required');
    const socket = await connectSocket(server.baseUrl, NAMESPACES.onlineUsers, {
      cookie: signedIn.cookieHeader(),
    });
    expect(socket.connected).toBe(false);

    // An operator has no section_profile, yet may (and must) replace the one-time password.
    const changed = await signedIn.post('/api/users/me/password', {
      current_password: password,
      new_password: 'my own passphrase',
    });
    expect(changed.status).toBe(200);
    const after = await signedIn.get<{ data: { must_change_password: boolean } }>('/api/auth');
    expect(after.body.data.must_change_password).toBe(false);
    const again = await server.client().post('/auth/login', {
      username: 'new_op',
      password: 'my own passphrase',
    });
    expect(again.body.redirect).toBe('/moderation');
    const other = await signedIn.post('/api/users/me/password', {
      current_password: 'my own passphrase',
      new_password: 'yet another passphrase',
    });
    expect(other.status).toBe(403);
  });

  it('refuses a duplicate username regardless of case with 409, and writes no audit row', async () => {
    const auditsBefore = await auditCount(server.db);
    const duplicate = await create(newUserBody(operatorRole, { username: 'OPERATOR' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      ok: false,
      code: 'conflict',
      message: USER_TEXTS.duplicateUsername,
      fields: { username: USER_TEXTS.duplicateUsername },
    });
    const email = await create(newUserBody(operatorRole, { email: 'Operator@Example.com' }));
    expect(email.status).toBe(409);
    expect(email.body.fields?.email).toBe(USER_TEXTS.duplicateEmail);
    expect(await auditCount(server.db)).toBe(auditsBefore);
  });

  it('refuses bad input with 422 naming every bad field', async () => {
    const bad = await create({
      username: ' ',
      first_name: 'x'.repeat(101),
      email: 'not-an-address',
      role_id: '',
      max_content: 51,
      is_batch_moderator: 'yes',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({
      username: 'Enter a username',
      first_name: 'First name must be at most 100 characters',
      email: 'Enter a valid email address',
      role_id: 'Choose a role',
      max_content: 'Max content is at most 50',
      is_batch_moderator: 'Batch moderation must be yes or no',
    });
    const zero = await create(newUserBody(operatorRole, { max_content: 0 }));
    expect(zero.body.fields?.max_content).toBe('Max content is at least 1');
    const unknownRole = await create(newUserBody(999_999));
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.fields?.role_id).toBe('There is no such role.');
    const nul = await create(newUserBody(operatorRole, { last_name: 'a\u0000b' }));
    expect(nul.status).toBe(422);
    expect(nul.body.fields?.last_name).toMatch(/cannot be stored/);
  });

  it('edits a user, and max content and batch mode reach their open socket without a new sign-in', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 12);
    const operator = await createOperator(server.db, server.baseUrl, { maxContent: 2 });
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      operator.cookie,
    );
    try {
      await socket.next('moderation-status');
      socket.socket.emit('moderate-me', { user: { id: operator.id } });
      await socket.next('moderation-status', (args) =>
        Boolean((args[0] as { moderatingSocket: string | null }).moderatingSocket),
      );
      let mark = socket.mark();
      socket.socket.emit('request-content', { user: { id: operator.id }, count: 10 });
      expect(
        contentIds(await socket.next('set-content', () => true, { since: mark })),
      ).toHaveLength(2);

      mark = socket.mark();
      const edited = await admin.client.post<{ data: UserRow }>(
        `/api/users/update/${operator.id}`,
        {
          username: operator.username,
          first_name: 'Renamed',
          last_name: '',
          email: '',
          role_id: operatorRole,
          max_content: 5,
          is_batch_moderator: true,
        },
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ max_content: 5, is_batch_moderator: true });
      await socket.next('account-changed', () => true, { since: mark });
      const me = await operator.client.get<{
        data: { max_content: number; is_batch_moderator: boolean };
      }>('/api/auth');
      expect(me.body.data).toMatchObject({ max_content: 5, is_batch_moderator: true });

      mark = socket.mark();
      socket.socket.emit('request-content', { user: { id: operator.id }, count: 10 });
      expect(
        contentIds(await socket.next('set-content', () => true, { since: mark })),
      ).toHaveLength(5);
      const [audit] = (await auditRows(server.db, 'user.update')).slice(-1);
      expect(audit?.details).toMatchObject({
        changed: {
          max_content: { from: 2, to: 5 },
          is_batch_moderator: { from: false, to: true },
          first_name: { from: '', to: 'Renamed' },
        },
      });
    } finally {
      socket.close();
      await server.db.query('delete from contents');
      await server.db.query('delete from moderation_presence');
    }
  });

  it('deactivates a user: sessions end, sockets are kicked, leased items return to the queue at once', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 4);
    const operator = await createOperator(server.db, server.baseUrl, { maxContent: 3 });
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      operator.cookie,
    );
    const stats = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.userStats,
      operator.cookie,
    );
    try {
      await socket.next('moderation-status');
      socket.socket.emit('moderate-me', { user: { id: operator.id } });
      await socket.next('moderation-status', (args) =>
        Boolean((args[0] as { moderatingSocket: string | null }).moderatingSocket),
      );
      socket.socket.emit('request-content', { user: { id: operator.id }, count: 3 });
      const held = contentIds(await socket.next('set-content'));
      expect(held).toHaveLength(3);

      const response = await admin.client.post<{ data: UserRow }>(
        `/api/users/deactivate/${operator.id}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.active).toBe(false);

      const rows = await server.db.query<{ status: string; assigned_to: number | null }>(
        'select status, assigned_to from contents where id = any($1::bigint[])',
        [held],
      );
      expect(rows.every((row) => row.status === 'pending' && row.assigned_to === null)).toBe(true);
      const sessions = await server.db.query('select 1 from sessions where user_id = $1', [
        operator.id,
      ]);
      expect(sessions).toHaveLength(0);
      expect((await operator.client.get('/api/auth')).status).toBe(401);
      await socket.next('kick-me');
      await waitFor(
        () => !socket.socket.connected && !stats.socket.connected,
        'sockets of the deactivated user closed',
      );
      const [audit] = (await auditRows(server.db, 'user.deactivate')).slice(-1);
      expect(audit).toMatchObject({
        target_id: String(operator.id),
        details: { username: operator.username, released_items: 3 },
      });

      // A deactivated user cannot sign in; reactivated, they can again.
      const again = await admin.client.post(`/api/users/deactivate/${operator.id}`);
      expect(again.status).toBe(409);
      const activated = await admin.client.post<{ data: UserRow }>(
        `/api/users/activate/${operator.id}`,
      );
      expect(activated.body.data.active).toBe(true);
      expect((await auditRows(server.db, 'user.activate')).at(-1)?.target_id).toBe(
        String(operator.id),
      );
    } finally {
      socket.close();
      stats.close();
      await server.db.query('delete from contents');
      await server.db.query('delete from moderation_presence');
    }
  });

  it('keeps the last active administrator, and nobody deactivates or demotes themself', async () => {
    const self = await admin.client.post(`/api/users/deactivate/${admin.id}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(USER_TEXTS.ownAccountDeactivate);
    const ownRole = await admin.client.post(`/api/users/update/${admin.id}`, {
      username: 'admin',
      role_id: operatorRole,
      max_content: 6,
      is_batch_moderator: false,
    });
    expect(ownRole.status).toBe(422);
    expect(ownRole.body.fields?.role_id).toBe(USER_TEXTS.ownRole);

    // The developer holds every permission, so may manage the admin: but not remove the last one.
    const developer = await sessionFor(server.db, server.baseUrl, 'developer');
    const auditsBefore = await auditCount(server.db);
    const deactivate = await developer.client.post(`/api/users/deactivate/${admin.id}`);
    expect(deactivate.status).toBe(409);
    expect(deactivate.body).toMatchObject({ code: 'conflict', message: USER_TEXTS.lastAdmin });
    const demote = await developer.client.post(`/api/users/update/${admin.id}`, {
      username: 'admin',
      role_id: operatorRole,
      max_content: 6,
      is_batch_moderator: false,
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(USER_TEXTS.lastAdmin);
    expect(await auditCount(server.db)).toBe(auditsBefore);

    // With a second active administrator, the first may go.
    const second = await create(newUserBody(adminRole, { username: 'second_admin' }));
    expect(second.status).toBe(200);
    const secondId = second.body.data.user.id;
    const demoteSecond = await admin.client.post(`/api/users/update/${secondId}`, {
      username: 'second_admin',
      role_id: operatorRole,
      max_content: 6,
      is_batch_moderator: false,
    });
    expect(demoteSecond.status).toBe(200);
    expect((await admin.client.post(`/api/users/deactivate/${secondId}`)).status).toBe(200);
  });

  it('lets a user manager give or manage only what they hold themselves', async () => {
    const manager = await createOperator(server.db, server.baseUrl, { role: 'operator' });
    // A role with section_users but nothing else: no way up to admin.
    await server.db.query(`insert into roles (name) values ('user-manager')`);
    const managerRole = await roleIdOf(server.db, 'user-manager');
    await server.db.query(
      `insert into role_permissions (role_id, permission) values ($1, 'section_users')`,
      [managerRole],
    );
    await server.db.query('update users set role_id = $2 where id = $1', [manager.id, managerRole]);
    const giveAdmin = await manager.client.post('/api/users/create', newUserBody(adminRole));
    expect(giveAdmin.status).toBe(403);
    expect(giveAdmin.body.message).toMatch(/cannot give the role admin/);
    const resetAdmin = await manager.client.post(`/api/users/reset-password/${admin.id}`);
    expect(resetAdmin.status).toBe(403);
    expect(resetAdmin.body.message).toMatch(/cannot manage admin/);
    const ownPromotion = await manager.client.post(`/api/users/update/${manager.id}`, {
      username: manager.username,
      role_id: adminRole,
      max_content: 6,
      is_batch_moderator: false,
    });
    expect(ownPromotion.status).toBe(422);
  });

  it('resets a password without mail: a one-time password, the old one and every session end', async () => {
    const created = await create(newUserBody(operatorRole, { username: 'forgetful' }));
    const first = passwordOf(created.body);
    const client = await server.signIn('forgetful', first);
    await client.post('/api/users/me/password', {
      current_password: first,
      new_password: 'forgotten passphrase',
    });
    const reset = await admin.client.post<CreateBody>(
      `/api/users/reset-password/${created.body.data.user.id}`,
    );
    expect(reset.status).toBe(200);
    const next = passwordOf(reset.body);
    expect(reset.body.data.user.must_change_password).toBe(true);
    expect((await client.get('/api/auth')).status).toBe(401);
    const old = await server
      .client()
      .post('/auth/login', { username: 'forgetful', password: 'forgotten passphrase' });
    expect(old.status).toBe(401);
    const fresh = await server
      .client()
      .post('/auth/login', { username: 'forgetful', password: next });
    expect(fresh.body.redirect).toBe(CHANGE_PASSWORD_PATH);
    expect((await auditRows(server.db, 'user.reset_mail')).at(-1)?.details).toMatchObject({
      method: 'one_time_password',
    });
  });

  it('shows a sign-in lock and clears it', async () => {
    const created = await create(newUserBody(operatorRole, { username: 'locked_out' }));
    const id = created.body.data.user.id;
    const guesser = server.client();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await guesser.post('/auth/login', { username: 'locked_out', password: 'nope' });
      expect(wrong.status).toBe(401);
    }
    const listed = await admin.client.get<ListBody>('/api/users/all?search=locked_out');
    expect(listed.body.data[0]?.locked).toBe(true);
    const refused = await server
      .client()
      .post('/auth/login', { username: 'locked_out', password: passwordOf(created.body) });
    expect(refused.status).toBe(429);

    const unlocked = await admin.client.post<{ data: UserRow }>(`/api/users/unlock/${id}`);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data.locked).toBe(false);
    const signedIn = await server
      .client()
      .post('/auth/login', { username: 'locked_out', password: passwordOf(created.body) });
    expect(signedIn.status).toBe(200);
    expect((await auditRows(server.db, 'user.unlock')).at(-1)?.target_id).toBe(String(id));
  });

  it('links a customer to services for /customer-moderation, audited, and refuses unknown ones', async () => {
    const customerRole = await roleIdOf(server.db, 'customer');
    const first = await createTestService(server.db);
    const second = await createTestService(server.db);
    const options = await admin.client.get<{
      data: {
        roles: { name: string; reads_linked_services: boolean }[];
        services: { id: number }[];
      };
    }>('/api/users/options');
    expect(options.body.data.roles.find((role) => role.name === 'customer')).toMatchObject({
      reads_linked_services: true,
    });
    expect(options.body.data.roles.find((role) => role.name === 'operator')).toMatchObject({
      reads_linked_services: false,
    });
    expect(options.body.data.services.map((service) => service.id)).toEqual(
      expect.arrayContaining([first.service.id, second.service.id]),
    );

    const created = await create(
      newUserBody(customerRole, {
        username: 'linked_customer',
        service_ids: [second.service.id, first.service.id, second.service.id],
      }),
    );
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.user.id;
    const ids = [first.service.id, second.service.id].sort((a, b) => a - b);
    expect(created.body.data.user.service_ids).toEqual(ids);
    expect((await auditRows(server.db, 'user.create')).at(-1)?.details).toMatchObject({
      service_ids: ids,
    });

    const edit = await admin.client.post<{ data: UserRow }>(`/api/users/update/${id}`, {
      ...newUserBody(customerRole, { username: 'linked_customer', email: null }),
      service_ids: [first.service.id],
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.data.service_ids).toEqual([first.service.id]);
    expect((await auditRows(server.db, 'user.update')).at(-1)?.details).toMatchObject({
      changed: { service_ids: { from: ids, to: [first.service.id] } },
    });

    const unknown = await admin.client.post(`/api/users/update/${id}`, {
      ...newUserBody(customerRole, { username: 'linked_customer', email: null }),
      service_ids: [999_999],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields?.service_ids).toBe(USER_TEXTS.unknownService(999_999));
    const listed = await admin.client.get<ListBody>('/api/users/all?search=linked_customer');
    expect(listed.body.data[0]?.service_ids).toEqual([first.service.id]);
  });

  it('answers 404 for a user that does not exist and 422 for an id that is not one', async () => {
    expect((await admin.client.post('/api/users/deactivate/999999')).status).toBe(404);
    const bad = await admin.client.post('/api/users/unlock/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.id).toBe('id must be a number');
  });

  it('writes the change and its audit row together: when the audit row fails, nothing changes', async () => {
    const created = await create(newUserBody(operatorRole, { username: 'atomic' }));
    const id = created.body.data.user.id;
    await server.db.exec(`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$;
      create trigger refuse_audit before insert on audit_log
        for each row when (new.target_id = '${id}') execute function refuse_audit();
    `);
    try {
      const edit = await admin.client.post(`/api/users/update/${id}`, {
        username: 'atomic',
        role_id: operatorRole,
        max_content: 9,
        is_batch_moderator: true,
      });
      expect(edit.status).toBe(500);
      const deactivate = await admin.client.post(`/api/users/deactivate/${id}`);
      expect(deactivate.status).toBe(500);
      const [row] = await server.db.query<{ max_content: number; disabled: boolean }>(
        'select max_content, disabled from users where id = $1',
        [id],
      );
      expect(row).toEqual({ max_content: 6, disabled: false });
    } finally {
      await server.db.exec('drop trigger refuse_audit on audit_log; drop function refuse_audit();');
    }
  });
});
