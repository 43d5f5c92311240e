import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { CurrentUser } from '../../src/contract/auth';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Namespace } from 'socket.io';
import { missingPermissions } from '../../src/contract/endpoint';
import {
  NAMESPACES,
  NAMESPACE_ACCESS,
  type NamespaceEvents,
  type NamespaceName,
} from '../../src/contract/socket-events';
import type { Database } from '../db/database';
import type { SessionPolicy } from '../features/auth/session-repository';
import { findUsersByIds, toCurrentUser } from '../features/users/user-repository';
import { userForSession } from '../http/session';

/**
 * What a socket carries. Only the visible user (no password hash): with the Redis adapter,
 * `fetchSockets()` sends this to other processes.
 */
export interface SocketData {
  user: CurrentUser;
}

/** Every socket joins its user's room in its namespace, so any process can reach the user. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** The handshake's refusal without a session (connect_error message). */
export const NOT_SIGNED_IN = 'Not signed in';

export interface SocketServer {
  io: Server;
  /**
   * After an administrator changed these users (role, permissions, max content, batch mode):
   * every process re-reads them into their sockets' data, so socket events are checked against
   * what they hold now, then tells their console ('account-changed' on /online-users). A user
   * who is gone or deactivated meanwhile has their sockets closed.
   */
  refreshUsers(userIds: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/** The server-to-server event (through the Redis adapter) that asks every process to refresh. */
const REFRESH_USERS_EVENT = 'refresh-users';

/**
 * A browser always sends Origin on a socket handshake; it must be this server's own origin or
 * one listed in ALLOWED_ORIGINS. A handshake without Origin comes from a non-browser client
 * (a test, a script) that cannot ride on a victim's cookies, so it passes to the session check.
 */
export function isAllowedOrigin(request: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export async function createSocketServer(
  httpServer: HttpServer,
  deps: {
    db: Database;
    sessionPolicy: SessionPolicy;
    /** Name of the session cookie (server/http/session.ts cookiePolicy). */
    sessionCookie: string;
    allowedOrigins: string[];
    redisUrl: string | undefined;
    redisPrefix?: string;
    log: FastifyBaseLogger;
    isMaintenance: () => Promise<boolean>;
  },
): Promise<SocketServer> {
  const io = new Server(httpServer, {
    serveClient: false,
    allowRequest: (request, callback) => {
      if (!isAllowedOrigin(request, deps.allowedOrigins)) {
        callback('Origin not allowed', false);
        return;
      }
      deps.isMaintenance().then(
        (on) => callback(on ? 'Down for maintenance' : null, !on),
        () => callback('Server error', false),
      );
    },
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => deps.log.error({ err: error }, 'redis error'));
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: deps.redisPrefix ?? 'socket.io' }));
    redisClients.push(pub, sub);
  }

  /**
   * Every namespace needs a session; some need a permission as well (NAMESPACE_ACCESS). Each
   * event is checked again when it arrives (socket-event.ts).
   */
  const authenticate = (name: NamespaceName, namespace: Namespace) =>
    namespace.use((socket, next) => {
      const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
      // Deferred: under load, work of sockets already moderating goes ahead of new handshakes.
      userForSession(deps.db.deferred, cookies[deps.sessionCookie], deps.sessionPolicy).then(
        (user) => {
          if (!user) {
            next(new Error(NOT_SIGNED_IN));
            return;
          }
          const missing = missingPermissions(NAMESPACE_ACCESS[name], user.permissions);
          if (missing.length > 0) {
            next(new Error(`You do not have the permission ${missing.join(' or ')}`));
            return;
          }
          if (user.must_change_password) {
            next(new Error('Choose a new password first'));
            return;
          }
          if (user.two_factor_setup_required) {
            next(new Error('Set up two-factor sign-in first'));
            return;
          }
          (socket.data as SocketData).user = toCurrentUser(user);
          next();
        },
        (error: unknown) => {
          deps.log.error({ err: error }, 'socket authentication failed');
          next(new Error('Server error'));
        },
      );
    });

  for (const name of Object.values(NAMESPACES)) {
    authenticate(name, io.of(name));
    io.of(name).on('connection', (socket) => {
      void socket.join(userRoom((socket.data as SocketData).user.id));
    });
  }

  /** This process's part of refreshUsers: its own sockets of these users. */
  const refreshLocal = async (userIds: readonly number[]): Promise<void> => {
    const wanted = new Set(userIds);
    const sockets = Object.values(NAMESPACES).flatMap((name) =>
      [...io.of(name).sockets.values()].filter((socket) =>
        wanted.has((socket.data as SocketData).user.id),
      ),
    );
    if (sockets.length === 0) return;
    const users = new Map(
      (await findUsersByIds(deps.db, [...wanted])).map((user) => [user.id, user]),
    );
    for (const socket of sockets) {
      const user = users.get((socket.data as SocketData).user.id);
      if (!user || user.disabled) {
        socket.disconnect(true);
        continue;
      }
      (socket.data as SocketData).user = toCurrentUser(user);
      if (socket.nsp.name === NAMESPACES.onlineUsers) socket.emit('account-changed');
    }
  };
  const crossProcess = Boolean(deps.redisUrl);
  if (crossProcess) {
    io.of('/').on(REFRESH_USERS_EVENT, (userIds: number[]) => {
      refreshLocal(userIds).catch((error: unknown) =>
        deps.log.error({ err: error }, 'refreshing the sockets of changed users failed'),
      );
    });
  }

  return {
    io,
    async refreshUsers(userIds) {
      if (userIds.length === 0) return;
      if (crossProcess) io.serverSideEmit(REFRESH_USERS_EVENT, [...userIds]);
      await refreshLocal(userIds);
    },
    async close() {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

/** A namespace typed by the contract's event maps (src/contract/socket-events.ts). */
export type TypedNamespace<Name extends keyof NamespaceEvents> = Namespace<
  NamespaceEvents[Name]['client'],
  NamespaceEvents[Name]['server'],
  Record<string, never>,
  SocketData
>;

export function typedNamespace<Name extends keyof NamespaceEvents>(
  io: Server,
  name: Name,
): TypedNamespace<Name> {
  return io.of(name) as unknown as TypedNamespace<Name>;
}
