import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { onlineUsersEndpoints } from '../../../../src/contract/online-users';
import { OnlineUsersAnswerSchema, type OnlineUser } from '../../../../src/contract/online-users';
import type { Permission } from '../../../../src/contract/permissions';
import { NAMESPACES } from '../../../../src/contract/socket-events';
import {
  allPermissionsExcept,
  createUserWithPermissions,
} from '../../../support/delivery-fixtures';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { SocketRecorder, contentIds, ingestTexts, waitFor } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/**
 * The Online Users screen's server side: the live list on /fetch-online-users and the kick and
 * park actions, each behind its own permission and each with its audit row in the transaction
 * of the change.
 */
describe('online users: list, kick and park', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const sockets: SocketRecorder[] = [];
  let admin: TestOperator;

  beforeAll(async () => {
    admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
  });

  const open = async (user: TestOperator, namespace: string = NAMESPACES.onlineUsers) => {
    const recorder = await SocketRecorder.connect(server.baseUrl, namespace, user.cookie);
    sockets.push(recorder);
    return recorder;
  };

  const moderate = async (operator: TestOperator) => {
    const socket = await open(operator);
    await socket.next('moderation-status');
    const mark = socket.mark();
    socket.socket.emit('moderate-me', { user: { id: operator.id } });
    await socket.next(
      'moderation-status',
      (args) => (args[0] as { moderatingSocket: string }).moderatingSocket === socket.id,
      { since: mark },
    );
    return socket;
  };

  const claim = async (socket: SocketRecorder, operator: TestOperator, count: number) => {
    const mark = socket.mark();
    socket.socket.emit('request-content', { user: { id: operator.id }, count });
    return contentIds(await socket.next('set-content', () => true, { since: mark }));
  };

  const currentUsers = async (asker: TestOperator = admin): Promise<OnlineUser[]> => {
    const socket = await open(asker, NAMESPACES.fetchOnlineUsers);
    const answer = OnlineUsersAnswerSchema.parse(
      await socket.socket.emitWithAck('get-current-users'),
    );
    socket.close();
    if (!answer.ok) throw new Error(`get-current-users refused: ${answer.message}`);
    return answer.data;
  };

  const auditRows = (action: string, targetId: number) =>
    server.db.query<{
      actor_id: number | null;
      actor_username: string | null;
      target_type: string;
      details: Record<string, unknown>;
      ip: string | null;
    }>(
      `select actor_id, actor_username, target_type, details, ip from audit_log
        where action = $1 and target_id = $2 order by id`,
      [action, String(targetId)],
    );

  const sessionCount = async (userId: number) =>
    (
      await server.db.query<{ count: number }>(
        'select count(*)::int as count from sessions where user_id = $1',
        [userId],
      )
    )[0]?.count ?? 0;

  it('lists each signed-in user once with status, since, items held and devices', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 3);
    const moderating = await createOperator(server.db, server.baseUrl);
    const first = await moderate(moderating);
    expect(await claim(first, moderating, 2)).toHaveLength(2);
    const secondTab = await open(moderating);
    await secondTab.next('moderation-status');

    const parked = await createOperator(server.db, server.baseUrl);
    const parkedSocket = await moderate(parked);
    const mark = parkedSocket.mark();
    parkedSocket.socket.emit('park-me');
    await parkedSocket.next(
      'moderation-status',
      (args) => (args[0] as { moderatingSocket: string | null }).moderatingSocket === null,
      { since: mark },
    );

    const idle = await createOperator(server.db, server.baseUrl, { role: 'developer' });
    await open(idle);

    // Moderated, then the connection dropped: moderation and items stay for the grace period.
    const dropped = await createOperator(server.db, server.baseUrl);
    const droppedSocket = await moderate(dropped);
    await claim(droppedSocket, dropped, 1);
    droppedSocket.close();

    const users = await currentUsers();
    const byId = new Map(users.map((user) => [user.id, user]));
    expect(users.filter((user) => user.id === moderating.id)).toHaveLength(1);

    const moderatingRow = byId.get(moderating.id);
    expect(moderatingRow).toMatchObject({
      username: moderating.username,
      role: 'operator',
      status: 'moderating',
      items_held: 2,
    });
    expect(moderatingRow?.devices.map((device) => device.id)).toEqual([first.id, secondTab.id]);
    expect(moderatingRow?.devices.map((device) => device.moderating)).toEqual([true, false]);
    expect(Date.parse(moderatingRow?.status_since ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const parkTime = await server.db.query<{ park_time: Date }>(
      'select park_time from users where id = $1',
      [parked.id],
    );
    expect(byId.get(parked.id)).toMatchObject({
      status: 'parked',
      items_held: 0,
      status_since: new Date(parkTime[0]?.park_time ?? 0).toISOString(),
    });
    expect(byId.get(parked.id)?.devices).toHaveLength(1);

    expect(byId.get(idle.id)).toMatchObject({ status: 'idle', role: 'developer', items_held: 0 });
    expect(byId.get(idle.id)?.status_since).toBe(byId.get(idle.id)?.devices[0]?.connected_at);

    expect(byId.get(dropped.id)).toMatchObject({ status: 'elsewhere', items_held: 1, devices: [] });

    // Ordered by username.
    const names = users.map((user) => user.username.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses the list to a role without section_online_users, read at each question', async () => {
    for (const role of ['operator', 'customer', 'demo']) {
      const user = await createOperator(server.db, server.baseUrl, { role });
      const socket = await open(user, NAMESPACES.fetchOnlineUsers);
      expect(await socket.socket.emitWithAck('get-current-users')).toMatchObject({
        ok: false,
        code: 'forbidden',
      });
    }
    const lead = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_online_users',
    ]);
    const socket = await open(lead, NAMESPACES.fetchOnlineUsers);
    expect(await socket.socket.emitWithAck('get-current-users')).toMatchObject({ ok: true });
    // The permission is taken away while the socket stays open: the next question is refused.
    await server.db.query(
      `delete from role_permissions
        where role_id = (select role_id from users where id = $1)`,
      [lead.id],
    );
    expect(await socket.socket.emitWithAck('get-current-users')).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
  });

  it('kick ends every session, returns the items, closes the sockets and writes one audit row', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 2);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await claim(socket, operator, 2);

    const response = await admin.client.post(`/api/online-users/${operator.id}/kick`);
    expect(response.status).toBe(200);
    await socket.next('kick-me');
    await waitFor(() => !socket.socket.connected, 'kicked socket disconnected');
    expect(await sessionCount(operator.id)).toBe(0);
    expect((await operator.client.get('/api/auth')).status).toBe(401);

    const rows = await auditRows('session.kick', operator.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      actor_username: admin.username,
      target_type: 'user',
      details: { username: operator.username, items_returned: 2 },
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect((await currentUsers()).some((user) => user.id === operator.id)).toBe(false);
  });

  it('park returns the items and tells the user, keeps them signed in, and writes one audit row', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await claim(socket, operator, 1);

    const response = await admin.client.post(`/api/online-users/${operator.id}/park`);
    expect(response.status).toBe(200);
    await socket.next('park-me');
    expect(socket.socket.connected).toBe(true);
    expect(await sessionCount(operator.id)).toBe(1);
    const rows = await auditRows('session.park', operator.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      details: { username: operator.username, items_returned: 1 },
    });
    expect((await currentUsers()).find((user) => user.id === operator.id)).toMatchObject({
      status: 'parked',
      items_held: 0,
    });
  });

  it('writes nothing when the audit row cannot be written: kick and its row commit together', async () => {
    const { token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await claim(socket, operator, 1);

    await expect(
      server.app.moderation.socket.kick(operator.id, async () => {
        throw new Error('the audit log is unavailable');
      }),
    ).rejects.toThrow('the audit log is unavailable');
    expect(await sessionCount(operator.id)).toBe(1);
    const held = await server.db.query<{ count: number }>(
      `select count(*)::int as count from contents where assigned_to = $1 and status = 'assigned'`,
      [operator.id],
    );
    expect(held[0]?.count).toBe(1);
    expect(socket.socket.connected).toBe(true);
    expect(await auditRows('session.kick', operator.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown user, 422 for a bad id and 409 for kicking oneself', async () => {
    for (const action of ['kick', 'park']) {
      const unknown = await admin.client.post(`/api/online-users/999999/${action}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ ok: false, code: 'not_found' });
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
        const response = await admin.client.post(`/api/online-users/${bad}/${action}`);
        expect(response.status, `${action} ${bad}`).toBe(422);
        expect(response.body).toMatchObject({
          code: 'validation',
          fields: { userId: expect.any(String) },
        });
      }
    }
    const self = await admin.client.post(`/api/online-users/${admin.id}/kick`);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ ok: false, code: 'conflict' });
    expect(await sessionCount(admin.id)).toBeGreaterThan(0);
  });

  describe('permissions', () => {
    const cases: { endpoint: keyof typeof onlineUsersEndpoints; permission: Permission }[] = [
      { endpoint: 'kick', permission: 'can_kick_users' },
      { endpoint: 'park', permission: 'can_park_users' },
    ];
    for (const { endpoint, permission } of cases) {
      it(`${endpoint} needs ${permission}: 403 for every role without it, nothing changes`, async () => {
        const operator = await createOperator(server.db, server.baseUrl);
        const lacking = [
          ...(await Promise.all(
            ['operator', 'customer', 'demo'].map((role) =>
              createOperator(server.db, server.baseUrl, { role }),
            ),
          )),
          await createUserWithPermissions(
            server.db,
            server.baseUrl,
            allPermissionsExcept(permission),
          ),
        ];
        for (const user of lacking) {
          const response = await user.client.post(`/api/online-users/${operator.id}/${endpoint}`);
          expect(response.status).toBe(403);
          expect(response.body).toMatchObject({ ok: false, code: 'forbidden' });
        }
        expect(await sessionCount(operator.id)).toBe(1);
        const action = endpoint === 'kick' ? 'session.kick' : 'session.park';
        expect(await auditRows(action, operator.id)).toHaveLength(0);

        const holder = await createUserWithPermissions(server.db, server.baseUrl, [permission]);
        const allowed = await holder.client.post(`/api/online-users/${operator.id}/${endpoint}`);
        expect(allowed.status).toBe(200);
        expect(await auditRows(action, operator.id)).toHaveLength(1);
      });
    }

    it('answers 401 without a session', async () => {
      const response = await server.client().post('/api/online-users/1/kick');
      expect(response.status).toBe(401);
    });
  });

  it("shows each device's browser as its connection announced it", async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const tablet = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';
    const recorder = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      operator.cookie,
      { userAgent: tablet },
    );
    sockets.push(recorder);
    const row = (await currentUsers()).find((user) => user.id === operator.id);
    expect(row?.devices.map((device) => device.user_agent)).toEqual([tablet]);
  });
});
