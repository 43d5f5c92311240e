import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { NAMESPACES } from '../../../src/contract/socket-events';
import { SESSION_COOKIE } from '../../../server/http/session';
import { NO_ROOT_NAMESPACE } from '../../../server/sockets/socket-server';
import { openTestDatabase, type TestDatabase } from '../../support/test-database';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server';
import { connectSocket, type SocketOutcome, waitFor } from '../../support/protocol';

const ALLOWED_ORIGIN = 'https://console.example.org';

describe('socket handshakes', () => {
  const server = useTestServer({ env: { ALLOWED_ORIGINS: ALLOWED_ORIGIN } });
  const opened: Socket[] = [];
  const connect = async (...args: Parameters<typeof connectSocket>): Promise<SocketOutcome> => {
    const outcome = await connectSocket(...args);
    opened.push(outcome.socket);
    return outcome;
  };
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });

  it.each(Object.values(NAMESPACES))('refuses %s without a session cookie', async (namespace) => {
    const outcome = await connect(server.baseUrl, namespace);
    expect(outcome.connected).toBe(false);
    expect(outcome.error?.message).toBe('Not signed in');
  });

  let developerCookie = '';
  beforeAll(async () => {
    developerCookie = (await server.signIn('developer')).cookieHeader();
  });

  it.each(Object.values(NAMESPACES))('accepts %s with a valid session', async (namespace) => {
    const outcome = await connect(server.baseUrl, namespace, { cookie: developerCookie });
    expect(outcome.connected).toBe(true);
  });

  it('refuses the root namespace, with a session or without', async () => {
    for (const cookie of [undefined, developerCookie]) {
      const outcome = await connect(server.baseUrl, '/', cookie ? { cookie } : {});
      expect(outcome.connected).toBe(false);
      expect(outcome.error?.message).toBe(NO_ROOT_NAMESPACE);
    }
  });

  it('refuses a session that has ended', async () => {
    const client = await server.signIn('operator');
    const cookie = client.cookieHeader();
    await client.post('/auth/logout');
    const outcome = await connect(server.baseUrl, NAMESPACES.settings, { cookie });
    expect(outcome.connected).toBe(false);
    expect(outcome.error?.message).toBe('Not signed in');
  });

  it('refuses a made-up session id', async () => {
    const outcome = await connect(server.baseUrl, NAMESPACES.onlineUsers, {
      cookie: `${SESSION_COOKIE}=made-up-session-id-0123456789abcdef`,
    });
    expect(outcome.connected).toBe(false);
  });

  it.each(['polling', 'websocket'] as const)(
    'refuses a foreign Origin even with a valid cookie (%s)',
    async (transport) => {
      const outcome = await connect(server.baseUrl, NAMESPACES.settings, {
        cookie: developerCookie,
        origin: 'https://evil.example.com',
        transports: [transport],
      });
      expect(outcome.connected).toBe(false);
    },
  );

  it('accepts its own origin and the origins in ALLOWED_ORIGINS', async () => {
    for (const origin of [server.baseUrl, ALLOWED_ORIGIN]) {
      const outcome = await connect(server.baseUrl, NAMESPACES.settings, {
        cookie: developerCookie,
        origin,
      });
      expect(outcome.connected).toBe(true);
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two servers sharing Redis', () => {
  let database: TestDatabase | undefined;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database?.dispose();
  });

  it('delivers an event emitted on one server to a socket connected to the other', async () => {
    database = await openTestDatabase();
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
    const first = await startTestServer(database.db, env);
    servers.push(first);
    const second = await startTestServer(database.db, env);
    servers.push(second);

    const client = await first.signIn('admin');
    const outcome = await connectSocket(second.baseUrl, NAMESPACES.settings, {
      cookie: client.cookieHeader(),
    });
    expect(outcome.connected).toBe(true);
    const received: unknown[] = [];
    outcome.socket.on('maintenance', (payload: unknown) => received.push(payload));
    try {
      // Subscriptions travel through Redis asynchronously: emit until one arrives.
      await waitFor(
        () => {
          first.app.sockets.io.of(NAMESPACES.settings).emit('maintenance', { on: false });
          return received.length > 0;
        },
        'the event crosses from one server to the other',
        { intervalMs: 200 },
      );
      expect(received[0]).toEqual({ on: false });
    } finally {
      outcome.socket.disconnect();
    }
  });
});
