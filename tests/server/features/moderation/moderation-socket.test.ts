import { afterEach, describe, expect, it } from 'vitest';
import { OnlineUsersAnswerSchema } from '../../../../src/contract/online-users';
import { NAMESPACES, type EventRefusal } from '../../../../src/contract/socket-events';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { useTestServer } from '../../../support/test-server';
import {
  contentIds,
  ingestTexts,
  requestContent,
  SocketRecorder,
  takeModeration,
  waitFor,
} from '../../../support/protocol';

/**
 * Grace 2.5 s: leases lapse fast, so the release after a drop is seen within seconds. Nothing
 * here has to happen within that grace: a reconnect on a loaded two-core machine can take longer
 * (the reconnect test has a server of its own with a long grace).
 */
const GRACE_SECONDS = 2.5;

/** A server with this lease grace, and the steps an operator's console takes on its sockets. */
function useModerationSockets(graceSeconds: number) {
  const server = useTestServer({
    env: { DEMO_FEEDER: '0', LEASE_GRACE_SECONDS: String(graceSeconds) },
  });
  const sockets: SocketRecorder[] = [];
  const open = async (operator: TestOperator, namespace: string = NAMESPACES.onlineUsers) => {
    const recorder = await SocketRecorder.connect(server.baseUrl, namespace, operator.cookie);
    sockets.push(recorder);
    return recorder;
  };
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    // Each test starts with an empty queue and nobody moderating.
    await server.db.query('delete from contents');
    await server.db.query('delete from moderation_presence');
  });

  const statusOf = (recorder: SocketRecorder) =>
    (recorder.last('moderation-status')?.[0] as { moderatingSocket: string | null } | undefined)
      ?.moderatingSocket;

  const moderate = async (operator: TestOperator) => {
    const socket = await open(operator);
    expect(await takeModeration(socket, operator.id)).toBe(true);
    return socket;
  };

  const request = (socket: SocketRecorder, operator: TestOperator, count: number) =>
    requestContent(socket, operator.id, count);

  const statusRows = (ids: number[]) =>
    server.db.query<{ id: number; status: string; assigned_to: number | null }>(
      'select id, status, assigned_to from contents where id = any($1::bigint[]) order by id',
      [ids],
    );

  return { server, sockets, open, statusOf, moderate, request, statusRows };
}

describe('/online-users protocol', () => {
  const { server, sockets, open, statusOf, moderate, request, statusRows } =
    useModerationSockets(GRACE_SECONDS);

  it('tells a new connection that nobody moderates, then hands out items up to max_content', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 10);
    const operator = await createOperator(server.db, server.baseUrl, { maxContent: 4 });
    const socket = await open(operator);
    await socket.next('moderation-status');
    expect(statusOf(socket)).toBeNull();

    // Not moderating yet: a request is ignored.
    socket.socket.emit('request-content', { user: { id: operator.id }, count: 2 });
    socket.socket.emit('moderate-me', { user: { id: operator.id } });
    await socket.next('moderation-status', (args) =>
      Boolean((args[0] as { moderatingSocket: string | null }).moderatingSocket),
    );
    expect(statusOf(socket)).toBe(socket.id);
    expect(socket.all('set-content')).toHaveLength(0);

    const first = await request(socket, operator, 3);
    expect(first).toEqual(ids.slice(0, 3));
    // max_content 4 counts the 3 already held: only one more.
    const second = await request(socket, operator, 6);
    expect(second).toEqual(ids.slice(0, 4));
    const mark = socket.mark();
    socket.socket.emit('request-content', { user: { id: operator.id }, count: 6 });
    // A full operator gets nothing more. moderate-me afterwards re-sends what the operator holds
    // (after its status, once the items are read): still the same four.
    socket.socket.emit('moderate-me', { user: { id: operator.id } });
    await socket.next('set-content', () => true, { since: mark });
    const sent = socket.events
      .slice(mark)
      .filter((event) => event.name === 'set-content')
      .map((event) => contentIds(event.args));
    expect(sent).toEqual([ids.slice(0, 4)]);
    const rows = await statusRows(ids.slice(0, 5));
    expect(rows.map((row) => row.status)).toEqual([
      'assigned',
      'assigned',
      'assigned',
      'assigned',
      'pending',
    ]);
  });

  it('hands out an item that arrives after a request found the queue empty', async () => {
    const { token } = await createTestService(server.db);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    // An empty queue: this request finds nothing and the server answers nothing.
    socket.socket.emit('request-content', { user: { id: operator.id }, count: 2 });
    const [id] = await ingestTexts(server.baseUrl, token, 1);
    // The console repeats its request while it holds fewer than its max content.
    const mark = socket.mark();
    const asking = setInterval(
      () => socket.socket.emit('request-content', { user: { id: operator.id }, count: 2 }),
      100,
    );
    try {
      const given = await socket.next('set-content', () => true, { since: mark });
      expect(contentIds(given)).toEqual([id]);
    } finally {
      clearInterval(asking);
    }
  });

  it('lets one connection per user moderate; the second is told which one does', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const first = await moderate(operator);
    const second = await open(operator);
    await second.next('moderation-status');
    expect(statusOf(second)).toBe(first.id);

    const mark = second.mark();
    second.socket.emit('moderate-me', { user: { id: operator.id } });
    const answer = await second.next('moderation-status', () => true, { since: mark });
    expect(answer[0]).toEqual({ moderatingSocket: first.id });
    // park-me from the tab that does not moderate does not park the one that does.
    second.socket.emit('park-me');
    await second.next('moderation-status', () => true, { since: second.mark() - 0 });
    const holder = await server.db.query<{ socket_id: string }>(
      'select socket_id from moderation_presence where user_id = $1',
      [operator.id],
    );
    expect(holder[0]?.socket_id).toBe(first.id);
  });

  it('parks and resumes: park returns the items at once, resume moderates again', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 3);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    expect(await request(socket, operator, 3)).toEqual(ids);

    const mark = socket.mark();
    socket.socket.emit('park-me');
    await socket.next(
      'moderation-status',
      (args) => (args[0] as { moderatingSocket: string | null }).moderatingSocket === null,
      { since: mark },
    );
    expect((await statusRows(ids)).map((row) => row.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    const parked = await server.db.query<{ park_time: Date | null }>(
      'select park_time from users where id = $1',
      [operator.id],
    );
    expect(parked[0]?.park_time).not.toBeNull();

    const resumed = socket.mark();
    socket.socket.emit('moderate-me', { user: { id: operator.id } });
    await socket.next(
      'moderation-status',
      (args) => (args[0] as { moderatingSocket: string | null }).moderatingSocket === socket.id,
      { since: resumed },
    );
    expect(await request(socket, operator, 1)).toHaveLength(1);
  });

  it('unmap-content returns one item to the queue at once', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 2);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 2);
    socket.socket.emit('unmap-content', { content: { id: ids[0] }, reason: 'cannot_load' });
    await waitFor(
      async () => (await statusRows([ids[0] ?? 0]))[0]?.status === 'pending',
      'unmapped item pending again',
    );
    expect((await statusRows([ids[1] ?? 0]))[0]?.status).toBe('assigned');
  });

  it('takes back expired leases and tells the operator (reset-content)', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 2);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 2);
    const mark = socket.mark();
    // A lapsed lease is not renewed even though the socket is still connected.
    await server.db.query(
      "update contents set lease_expires_at = now() - interval '1 second' where id = $1",
      [ids[0]],
    );
    await socket.next('reset-content', () => true, { since: mark });
    expect((await statusRows(ids)).map((row) => row.status)).toEqual(['pending', 'assigned']);
    // The reset cleared the screen; the item still held comes back to it.
    const [resent] = await socket.next('set-content', () => true, { since: mark });
    expect(resent).toEqual([{ id: ids[1] }]);
  });

  it('keeps a connected operator’s items past the grace period, and releases them after a drop', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 2);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 2);
    // Renewed while connected: still held after more than one grace period.
    const held = Date.now();
    await waitFor(() => Date.now() - held > GRACE_SECONDS * 1500, 'time passes', {
      timeoutMs: 5_000,
    });
    expect((await statusRows(ids)).every((row) => row.status === 'assigned')).toBe(true);

    socket.close();
    const dropped = Date.now();
    await waitFor(
      async () => (await statusRows(ids)).every((row) => row.status === 'pending'),
      'items released after the grace period',
      { timeoutMs: 20_000 },
    );
    // The grace runs from the lease's last renewal, which the keeper makes four times per grace
    // period: a drop just before a renewal tick releases up to a quarter of it early.
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(GRACE_SECONDS * 750 - 400);
  });

  it('kick: kick-me reaches the user, the session ends and the items go back', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 1);
    const admin = await server.signIn('admin');

    const forbidden = await operator.client.post(`/api/online-users/${operator.id}/kick`);
    expect(forbidden.status).toBe(403);

    const kicked = await admin.post(`/api/online-users/${operator.id}/kick`);
    expect(kicked.status).toBe(200);
    await socket.next('kick-me');
    expect((await statusRows(ids))[0]?.status).toBe('pending');
    const me = await operator.client.get('/api/auth');
    expect(me.status).toBe(401);
    await waitFor(() => !socket.socket.connected, 'kicked socket disconnected');
  });

  it('admin park: park-me reaches the user and the items go back', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 1);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 1);
    const admin = await server.signIn('admin');
    const parked = await admin.post(`/api/online-users/${operator.id}/park`);
    expect(parked.status).toBe(200);
    await socket.next('park-me');
    expect((await statusRows(ids))[0]?.status).toBe('pending');
    expect(statusOf(socket)).toBeNull();
  });

  it('refuses moderation events from a user without section_moderation, for another user, or malformed', async () => {
    const refusal = (args: unknown[]) => args[0] as EventRefusal;
    const customer = await createOperator(server.db, server.baseUrl, { role: 'customer' });
    const socket = await open(customer);
    await socket.next('moderation-status');
    socket.socket.emit('moderate-me', { user: { id: customer.id } });
    expect(refusal(await socket.next('refused'))).toMatchObject({
      event: 'moderate-me',
      code: 'forbidden',
      message: expect.stringContaining('section_moderation'),
    });

    const operator = await createOperator(server.db, server.baseUrl);
    const other = await open(operator);
    await other.next('moderation-status');
    let mark = other.mark();
    other.socket.emit('moderate-me', { user: { id: customer.id } });
    expect(refusal(await other.next('refused', () => true, { since: mark }))).toMatchObject({
      event: 'moderate-me',
      code: 'validation',
      fields: { 'user.id': 'must be your own user id' },
    });
    const malformed: [string, unknown][] = [
      ['moderate-me', { user: { id: 'me' } }],
      ['moderate-me', null],
      ['request-content', { user: { id: operator.id }, count: 1e9 }],
      ['unmap-content', { content: { id: 'x' } }],
    ];
    for (const [event, payload] of malformed) {
      mark = other.mark();
      (other.socket.emit as (name: string, payload: unknown) => void)(event, payload);
      expect(refusal(await other.next('refused', () => true, { since: mark }))).toMatchObject({
        event,
        code: 'validation',
      });
    }

    // The socket still works after every refusal, and nothing was taken for the customer.
    expect(await takeModeration(other, operator.id)).toBe(true);
    const rows = await server.db.query<{ user_id: number }>(
      'select user_id from moderation_presence where user_id = any($1::int[])',
      [[customer.id, operator.id]],
    );
    expect(rows.map((row) => row.user_id)).toEqual([operator.id]);
  });

  it('lists online users for section_online_users on /fetch-online-users', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    await moderate(operator);
    const admin = await server.signIn('admin');
    const adminSocket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.fetchOnlineUsers,
      admin.cookieHeader(),
    );
    sockets.push(adminSocket);
    const answer = OnlineUsersAnswerSchema.parse(
      await adminSocket.socket.emitWithAck('get-current-users'),
    );
    expect(answer.ok).toBe(true);
    const users = answer.ok ? answer.data : [];
    expect(users.find((user) => user.id === operator.id)).toMatchObject({ status: 'moderating' });

    const plain = await open(operator, NAMESPACES.fetchOnlineUsers);
    expect(await plain.socket.emitWithAck('get-current-users')).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
  });
});

describe('/online-users protocol: a reconnect within the grace period', () => {
  // Long enough that the reconnect below always comes within it, however loaded the machine.
  const LONG_GRACE_SECONDS = 30;
  const { server, open, statusOf, moderate, request, statusRows } =
    useModerationSockets(LONG_GRACE_SECONDS);

  it('gives a dropped operator who comes back the same items', async () => {
    const { token } = await createTestService(server.db);
    const ids = await ingestTexts(server.baseUrl, token, 2);
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await moderate(operator);
    await request(socket, operator, 2);

    socket.close();
    const droppedAt = Date.now();
    const again = await open(operator);
    await again.next('moderation-status');
    expect(statusOf(again)).toBeNull();
    again.socket.emit('moderate-me', { user: { id: operator.id } });
    expect(contentIds(await again.next('set-content'))).toEqual(ids);
    expect(Date.now() - droppedAt).toBeLessThan(LONG_GRACE_SECONDS * 1000);
    expect(
      (await statusRows(ids)).every(
        (row) => row.status === 'assigned' && row.assigned_to === operator.id,
      ),
    ).toBe(true);
  });
});
