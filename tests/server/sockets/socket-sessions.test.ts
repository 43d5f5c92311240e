/**
 * A socket lives no longer than the session it was opened with: signing out, changing or
 * resetting the password, an expired or deleted session and deactivation close it, while the
 * same user's sockets on other, still valid sessions stay open.
 */
import type { Socket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../src/contract/auth';
import { NAMESPACES } from '../../../src/contract/socket-events';
import { type SocketData } from '../../../server/sockets/socket-server';
import {
  createOperator,
  createSessions,
  createTestService,
} from '../../support/moderation-fixtures';
import {
  SocketRecorder,
  ingestTexts,
  openModerationSocket,
  requestContent,
  sessionClient,
  takeModeration,
  waitFor,
} from '../../support/protocol';
import { useTestServer } from '../../support/test-server';

describe('sockets end with their session', () => {
  const server = useTestServer();

  /** A socket on every namespace an operator may open, with the given session cookie. */
  const openAll = async (cookie: string): Promise<SocketRecorder[]> => {
    const names = [NAMESPACES.onlineUsers, NAMESPACES.userStats, NAMESPACES.fetchOnlineUsers];
    return Promise.all(names.map((name) => SocketRecorder.connect(server.baseUrl, name, cookie)));
  };
  const closed = (sockets: SocketRecorder[]) => sockets.every((s) => !s.socket.connected);
  const open = (sockets: SocketRecorder[]) => sockets.every((s) => s.socket.connected);

  /** `count` new operators, each moderating on a socket of its own, with an item each queued. */
  const moderatingOperators = async (count: number) => {
    const { token } = await createTestService(server.db);
    const operators = await Promise.all(
      Array.from({ length: count }, () => createOperator(server.db, server.baseUrl)),
    );
    await ingestTexts(server.baseUrl, token, operators.length);
    const sockets = await Promise.all(
      operators.map(async (operator) => {
        const socket = await openModerationSocket(server.baseUrl, operator);
        expect(await takeModeration(socket, operator.id)).toBe(true);
        return socket;
      }),
    );
    return { operators, sockets };
  };

  /** What the server keeps of a user's moderation socket (the first, if there are several). */
  const dataOf = (userId: number) =>
    [...server.app.sockets.io.of(NAMESPACES.onlineUsers).sockets.values()]
      .map((live) => (live as Socket).data as SocketData)
      .find((data) => data.user.id === userId);

  /** A second session of the same user, as from another device. */
  const secondSession = async (userId: number) => {
    const [sessionId = ''] = await createSessions(server.db, [userId]);
    return sessionClient(server.baseUrl, sessionId);
  };

  it('closes the sockets of a session that signs out, and only those', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const other = await secondSession(operator.id);
    const signingOut = await openAll(operator.cookie);
    const staying = await openAll(other.cookieHeader());

    const answer = await operator.client.call(authEndpoints.logout, {});
    expect(answer.status).toBe(200);
    await waitFor(() => closed(signingOut), 'the signed-out session’s sockets close');
    expect(open(staying)).toBe(true);
    for (const socket of [...signingOut, ...staying]) socket.close();
  });

  it('closes the sockets of other devices when the password changes, not this one’s', async () => {
    const operator = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    await server.db.query('update users set password_hash = $2 where id = $1', [
      operator.id,
      // The demo password's hash, so the change below can name the current password.
      (
        await server.db.query<{ password_hash: string }>(
          "select password_hash from users where username = 'admin'",
        )
      )[0]?.password_hash,
    ]);
    const other = await secondSession(operator.id);
    const here = await openAll(operator.cookie);
    const elsewhere = await openAll(other.cookieHeader());

    const answer = await operator.client.call(authEndpoints.changePassword, {
      body: { current_password: 'demo', new_password: 'a brand new passphrase' },
    });
    expect(answer.status).toBe(200);
    await waitFor(() => closed(elsewhere), 'the other device’s sockets close');
    expect(open(here)).toBe(true);
    for (const socket of [...here, ...elsewhere]) socket.close();
  });

  it('closes a socket whose session ended without notice at its next event', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const [socket] = (await openAll(operator.cookie)) as [SocketRecorder, ...SocketRecorder[]];
    // The session ends behind the server's back (expiry, another process, a database restore).
    await server.db.query('delete from sessions where user_id = $1', [operator.id]);
    // Its last check is made old, as if the re-check interval had passed.
    for (const live of server.app.sockets.io.of(NAMESPACES.onlineUsers).sockets.values()) {
      const data = (live as Socket).data as SocketData;
      if (data.user.id === operator.id) data.checkedAt = 0;
    }
    socket.socket.emit('park-me');
    await waitFor(() => !socket.socket.connected, 'the socket closes at its next event');
    socket.close();
  });

  it('tells the console of a change to its user at a re-check, and only of a change', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.onlineUsers,
      operator.cookie,
    );
    // The status every connection is sent on opening: the ones after it answer this test.
    await socket.next('moderation-status', () => true, { since: 0 });
    /**
     * Makes the last check old and sends park-me, which runs only after the re-check: its answer
     * comes on the same socket after whatever the re-check sent.
     */
    const recheck = async () => {
      (dataOf(operator.id) as SocketData).checkedAt = 0;
      const mark = socket.mark();
      socket.socket.emit('park-me');
      await socket.next('moderation-status', () => true, { since: mark });
      return socket.events.slice(mark).map((event) => event.name);
    };

    const userBefore = dataOf(operator.id)?.user;
    expect(await recheck()).not.toContain('account-changed');
    expect(dataOf(operator.id)?.user).toBe(userBefore);

    await server.db.query('update users set max_content = 9 where id = $1', [operator.id]);
    expect(await recheck()).toContain('account-changed');
    expect(dataOf(operator.id)?.user.max_content).toBe(9);
    socket.close();
  });

  it('re-checks many sockets at once: ended sessions close, the others get their content', async () => {
    const { operators, sockets } = await moderatingOperators(12);
    // Every other operator's session ends behind the server's back, and every socket's last
    // check is made old, so the next events of all of them are re-checked together.
    const ended = operators.filter((_, n) => n % 2 === 0).map((operator) => operator.id);
    await server.db.query('delete from sessions where user_id = any($1::int[])', [ended]);
    const ours = new Set(operators.map((operator) => operator.id));
    for (const live of server.app.sockets.io.of(NAMESPACES.onlineUsers).sockets.values()) {
      const data = (live as Socket).data as SocketData;
      if (ours.has(data.user.id)) data.checkedAt = 0;
    }

    // Each asks for one item: it is answered, or its socket is closed.
    const outcomes = await Promise.all(
      operators.map(
        (operator, n) =>
          new Promise<number | string>((resolve) => {
            const socket = sockets[n] as SocketRecorder;
            socket.socket.once('disconnect', () => resolve('closed'));
            requestContent(socket, operator.id, 1).then(
              (ids) => resolve(ids.length),
              () => resolve('no answer'),
            );
          }),
      ),
    );
    expect(outcomes).toEqual(operators.map((_, n) => (n % 2 === 0 ? 'closed' : 1)));
    for (const socket of sockets) socket.close();
  });

  it('starts a batch of re-checks 50 ms after the one before at the soonest', async () => {
    const { operators, sockets } = await moderatingOperators(5);
    // Each batch reads its sockets' users with one statement.
    const batches: number[] = [];
    const queryPrepared = server.db.queryPrepared.bind(server.db);
    server.db.queryPrepared = (name, sql, params) => {
      if (name === 'users_by_ids') batches.push(performance.now());
      return queryPrepared(name, sql, params);
    };
    try {
      const [first, ...rest] = operators.map((operator, n) => ({
        operator,
        socket: sockets[n] as SocketRecorder,
      }));
      if (!first) throw new Error('no operator');
      (dataOf(first.operator.id) as SocketData).checkedAt = 0;
      expect(await requestContent(first.socket, first.operator.id, 1)).toHaveLength(1);
      // The others fall due one by one right after that batch: they wait for the next one.
      const answers = [];
      for (const { operator, socket } of rest) {
        (dataOf(operator.id) as SocketData).checkedAt = 0;
        answers.push(requestContent(socket, operator.id, 1));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await Promise.all(answers)).map((ids) => ids.length)).toEqual([1, 1, 1, 1]);
      // Two batches, unless the test itself stalled; however many, 50 ms apart at least.
      expect(batches.length).toBeGreaterThanOrEqual(2);
      const gaps = batches.slice(1).map((started, n) => started - (batches[n] ?? 0));
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(45);
    } finally {
      server.db.queryPrepared = queryPrepared;
      for (const socket of sockets) socket.close();
    }
  });

  it('closes every socket of a deactivated user', async () => {
    const operator = await createOperator(server.db, server.baseUrl);
    const sockets = await openAll(operator.cookie);
    const admin = await server.signIn('admin');
    expect((await admin.post(`/api/users/deactivate/${operator.id}`)).status).toBe(200);
    await waitFor(() => closed(sockets), 'the deactivated user’s sockets close');
    for (const socket of sockets) socket.close();
  });

  it('refuses the queue counts to a role that sees none (demo)', async () => {
    const demo = await createOperator(server.db, server.baseUrl, { role: 'demo' });
    const socket = await SocketRecorder.connect(server.baseUrl, NAMESPACES.userStats, demo.cookie);
    socket.socket.emit('user-pending-stat', demo.id);
    const [refusal] = await socket.next('refused');
    expect(refusal).toMatchObject({ event: 'user-pending-stat', code: 'forbidden' });
    expect(socket.events.some((event) => event.name === 'user-pending-stat')).toBe(false);
    socket.close();
  });
});
