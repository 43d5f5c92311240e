import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACES, type DashboardStat } from '../../../../src/contract/socket-events';
import {
  allPermissionsExcept,
  createUserWithPermissions,
} from '../../../support/delivery-fixtures';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { useTestServer } from '../../../support/test-server';
import { connectSocket, ingestTexts, SocketRecorder, waitFor } from '../../../support/protocol';

describe('/moderation-statistics', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const sockets: SocketRecorder[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('computes once per tick and sends the same result to twenty subscribers', async () => {
    const { service, token } = await createTestService(server.db);
    await ingestTexts(server.baseUrl, token, 5);
    const viewer = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    for (let index = 0; index < 20; index += 1) {
      sockets.push(
        await SocketRecorder.connect(
          server.baseUrl,
          NAMESPACES.moderationStatistics,
          viewer.cookie,
        ),
      );
    }
    const stats = server.app.dashboard.stats;
    const before = stats.computations;
    const started = Date.now();
    // Every dashboard asks every 2 s, as the console does; here every 100 ms, to press harder.
    const asking = setInterval(() => {
      for (const socket of sockets) socket.socket.emit('dashboard-stat');
    }, 100);
    try {
      await waitFor(
        () => sockets.every((socket) => socket.all('dashboard-stat').length >= 3),
        'every subscriber has three results',
        { timeoutMs: 15_000 },
      );
    } finally {
      clearInterval(asking);
    }
    const elapsedTicks = Math.ceil((Date.now() - started) / 2_000);
    const computed = stats.computations - before;
    // One computation per tick (plus the first, at once), however many subscribers ask.
    expect(computed).toBeLessThanOrEqual(elapsedTicks + 1);
    expect(computed).toBeGreaterThanOrEqual(2);

    const results = sockets.map((socket) => socket.all('dashboard-stat').map((args) => args[0]));
    const first = results[0] ?? [];
    for (const received of results) {
      // Sent once per computation: no subscriber gets a result twice.
      expect(received.length).toBeLessThanOrEqual(computed);
      expect(received.at(-1)).toEqual(first.at(-1));
    }
    const stat = first.at(-1) as DashboardStat;
    expect(stat.serviceStats).toContainEqual({
      _id: service.id,
      service_name: service.name,
      online_users: 0,
      total_pending: 5,
      pending: 5,
      assigned: 0,
      handled: 0,
      // Nothing decided today: no handling time to average.
      avg_handling_seconds: null,
    });
    expect(stat).toMatchObject({ total_pending: 5, pending: 5, assigned: 0 });
  });

  it('stops computing when nobody listens', async () => {
    const stats = server.app.dashboard.stats;
    // The previous test's sockets are closed: the next tick finds no subscriber and stops.
    await waitFor(() => !stats.ticking, 'the statistics tick stops', { timeoutMs: 15_000 });
    const settled = stats.computations;
    const viewer = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.moderationStatistics,
      viewer.cookie,
    );
    sockets.push(socket);
    // Connecting alone does not subscribe; asking does, and gets an answer at once.
    expect(stats.ticking).toBe(false);
    socket.socket.emit('dashboard-stat');
    await socket.next('dashboard-stat');
    expect(stats.ticking).toBe(true);
    expect(stats.computations).toBe(settled + 1);
  });

  it('drops a dashboard that stopped asking, and stops computing', async () => {
    const stats = server.app.dashboard.stats;
    const viewer = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    const socket = await SocketRecorder.connect(
      server.baseUrl,
      NAMESPACES.moderationStatistics,
      viewer.cookie,
    );
    sockets.push(socket);
    socket.socket.emit('dashboard-stat');
    await socket.next('dashboard-stat');
    expect(stats.ticking).toBe(true);
    // The page is left: the socket stays connected but asks no more. Three ticks later it is
    // no longer a subscriber and the tick stops.
    await waitFor(() => !stats.ticking, 'the statistics tick stops', { timeoutMs: 15_000 });
    const received = socket.all('dashboard-stat').length;
    // Coming back to the page subscribes again.
    socket.socket.emit('dashboard-stat');
    await waitFor(
      () => socket.all('dashboard-stat').length > received,
      'a result after asking again',
      { timeoutMs: 15_000 },
    );
    expect(stats.ticking).toBe(true);
  });

  it('refuses a socket without section_dashboard', async () => {
    const user = await createUserWithPermissions(
      server.db,
      server.baseUrl,
      allPermissionsExcept('section_dashboard'),
    );
    const outcome = await connectSocket(server.baseUrl, NAMESPACES.moderationStatistics, {
      cookie: user.cookie,
    });
    expect(outcome.connected).toBe(false);
    expect(outcome.error?.message).toContain('section_dashboard');
  });
});
