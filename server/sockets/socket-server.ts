import { setTimeout as sleep } from 'node:timers/promises';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { CurrentUser } from '../../src/contract/auth';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Namespace, type Socket } from 'socket.io';
import { missingPermissions } from '../../src/contract/endpoint';
import {
  NAMESPACES,
  NAMESPACE_ACCESS,
  type NamespaceEvents,
  type NamespaceName,
} from '../../src/contract/socket-events';
import type { Database } from '../db/database';
import { slices } from '../db/slices';
import { liveSessionHashes, type SessionPolicy } from '../features/auth/session-repository';
import { hashSecret } from '../features/auth/tokens';
import { findUsersByIds, toCurrentUser } from '../features/users/user-repository';
import { createSessionLookup } from '../http/session';

/**
 * What a socket carries. Only the visible user (no password hash): with the Redis adapter,
 * `fetchSockets()` sends this to other processes.
 */
export interface SocketData {
  user: CurrentUser;
  /** The hash of the session the socket was opened with (never the session id itself). */
  sessionHash: string;
  /** When the session and user were last read from the database (epoch ms). */
  checkedAt: number;
}

/** Every socket also joins its session's room, so ending a session reaches it on any process. */
export function sessionRoom(sessionHash: string): string {
  return `session:${sessionHash}`;
}

/**
 * An event arriving on a socket whose session was checked longer ago than this re-reads the
 * session and the user first: a session ended anywhere stops working within this time even if
 * the explicit notice (endSocketSessions) was missed.
 */
export const SESSION_RECHECK_MS = 5_000;
/** Every process re-reads the sessions of all its sockets this often (expiry needs no event). */
export const SESSION_SWEEP_MS = 30_000;
/** Sockets re-read per pair of statements, in a sweep or a batch of re-checks. */
const REVALIDATE_SLICE = 500;
/** The least time between the starts of two batches of re-checks (see recheck below). */
const RECHECK_BATCH_INTERVAL_MS = 50;

/**
 * Closes the sockets of these sessions in every namespace, on every process (the Redis adapter
 * carries the request). Called after sessions were deleted: sign-out, password change or reset,
 * deactivation, kick.
 */
export function endSocketSessions(io: Server, sessionHashes: readonly string[]): void {
  if (sessionHashes.length === 0) return;
  const rooms = sessionHashes.map(sessionRoom);
  for (const name of Object.values(NAMESPACES)) io.of(name).in(rooms).disconnectSockets(true);
}

/** Every socket joins its user's room in its namespace, so any process can reach the user. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** The handshake's refusal without a session (connect_error message). */
export const NOT_SIGNED_IN = 'Not signed in';
/** The handshake's refusal on the root namespace, which serves no events. */
export const NO_ROOT_NAMESPACE = 'No such namespace: use one of the console namespaces';

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
    /** Whether maintenance turns away the holder of this session cookie value. */
    turnsAway: (sessionId: string | undefined) => Promise<boolean>;
  },
): Promise<SocketServer> {
  const io = new Server(httpServer, {
    serveClient: false,
    allowRequest: (request, callback) => {
      if (!isAllowedOrigin(request, deps.allowedOrigins)) {
        callback('Origin not allowed', false);
        return;
      }
      const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
      deps.turnsAway(cookies[deps.sessionCookie]).then(
        (away) => callback(away ? 'Down for maintenance' : null, !away),
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
  // Deferred: under load, work of sockets already moderating goes ahead of new handshakes.
  const handshakeSessions = createSessionLookup(deps.db.deferred, deps.sessionPolicy);
  const authenticate = (name: NamespaceName, namespace: Namespace) =>
    namespace.use((socket, next) => {
      const cookies = fastifyCookie.parse(socket.handshake.headers.cookie ?? '');
      const sessionId = cookies[deps.sessionCookie];
      handshakeSessions.userFor(sessionId).then(
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
          const data = socket.data as SocketData;
          data.user = toCurrentUser(user);
          data.sessionHash = hashSecret(sessionId ?? '');
          data.checkedAt = Date.now();
          next();
        },
        (error: unknown) => {
          deps.log.error({ err: error }, 'socket authentication failed');
          next(new Error('Server error'));
        },
      );
    });

  const localSockets = (): Socket[] =>
    Object.values(NAMESPACES).flatMap((name) => [...io.of(name).sockets.values()]);

  /**
   * Re-reads the sessions and users of these sockets of this process. A socket whose session
   * ended (signed out, expired, deleted) or whose user is gone or deactivated is closed; the
   * others get the user as it is now, and their console is told ('account-changed' on
   * /online-users) when the user changed, or always when an administrator's change is announced.
   */
  const revalidate = async (
    sockets: readonly Socket[],
    tell: 'when-changed' | 'always' = 'when-changed',
  ): Promise<void> => {
    for (const slice of slices(sockets, REVALIDATE_SLICE)) await revalidateSlice(slice, tell);
  };
  const revalidateSlice = async (
    sockets: readonly Socket[],
    tell: 'when-changed' | 'always',
  ): Promise<void> => {
    if (sockets.length === 0) return;
    const data = (socket: Socket) => socket.data as SocketData;
    const [live, users] = await Promise.all([
      liveSessionHashes(
        deps.db,
        [...new Set(sockets.map((s) => data(s).sessionHash))],
        deps.sessionPolicy,
      ),
      findUsersByIds(deps.db, [...new Set(sockets.map((s) => data(s).user.id))]),
    ]);
    const byId = new Map(users.map((user) => [user.id, user]));
    const now = Date.now();
    for (const socket of sockets) {
      const user = byId.get(data(socket).user.id);
      if (!user || user.disabled || !live.has(data(socket).sessionHash)) {
        socket.disconnect(true);
        continue;
      }
      const current = toCurrentUser(user);
      // Compared in place, and kept when unchanged (nearly always): the sockets live long, so
      // every object hung on them survives the young generation, and at 10,000 operators this
      // ran for about 1,700 sockets a second.
      const changed = !isDeepStrictEqual(current, data(socket).user);
      if (changed) data(socket).user = current;
      data(socket).checkedAt = now;
      if ((changed || tell === 'always') && socket.nsp.name === NAMESPACES.onlineUsers) {
        socket.emit('account-changed');
      }
    }
  };

  /**
   * Re-reads come in batches: every socket due for one joins the next batch, and one batch runs
   * at a time (two queries for all its sockets), so the cost follows the database's pace rather
   * than the number of sockets. Ten thousand operators polling every 3 s make about 2,000
   * re-reads a second; one by one, each was two statements of its own. A batch starts at least
   * RECHECK_BATCH_INTERVAL_MS after the one before: a quick database otherwise ran a batch for
   * every few dozen sockets (about 70 a second at 10,000 polling, a fifth of the embedded
   * database's time), where a batch's cost is mostly per statement. An event due for a re-read
   * waits that much longer, against the SESSION_RECHECK_MS it is allowed to be late.
   * A socket is in at most one batch, however many events arrive meanwhile.
   */
  const rechecks = new WeakMap<Socket, Promise<void>>();
  /** The batch sockets join until it starts; `done` settles when it has run. */
  let waiting: { sockets: Socket[]; done: Promise<void> } | undefined;
  let batches: Promise<void> = Promise.resolve();
  let lastBatchStarted = Number.NEGATIVE_INFINITY;
  const recheck = (socket: Socket): Promise<void> => {
    const pending = rechecks.get(socket);
    if (pending) return pending;
    if (!waiting) {
      const batch = { sockets: [] as Socket[], done: Promise.resolve() };
      // It starts once the batch before it is done and the interval has passed, and not before
      // the events of this turn of the event loop have joined it.
      batch.done = batches
        .then(() => {
          const early = lastBatchStarted + RECHECK_BATCH_INTERVAL_MS - performance.now();
          return early > 0 ? sleep(early) : new Promise<void>((resolve) => setImmediate(resolve));
        })
        .then(async () => {
          lastBatchStarted = performance.now();
          waiting = undefined;
          try {
            await revalidate(batch.sockets);
          } finally {
            for (const member of batch.sockets) rechecks.delete(member);
          }
        });
      batches = batch.done.catch(() => undefined);
      waiting = batch;
    }
    waiting.sockets.push(socket);
    rechecks.set(socket, waiting.done);
    return waiting.done;
  };

  // The console serves nothing on the root namespace: nobody, signed in or not, holds a socket
  // there (server-to-server events through the adapter do not pass this middleware).
  io.of('/').use((_socket, next) => next(new Error(NO_ROOT_NAMESPACE)));

  for (const name of Object.values(NAMESPACES)) {
    authenticate(name, io.of(name));
    io.of(name).on('connection', (socket) => {
      const data = socket.data as SocketData;
      void socket.join([userRoom(data.user.id), sessionRoom(data.sessionHash)]);
      socket.use((_packet, next) => {
        if (Date.now() - data.checkedAt < SESSION_RECHECK_MS) {
          next();
          return;
        }
        recheck(socket).then(
          () => {
            if (socket.connected) next();
          },
          (error: unknown) => {
            // The database is briefly gone: the event goes ahead and meets the same outage.
            deps.log.warn({ err: error }, 'socket session re-check failed');
            next();
          },
        );
      });
    });
  }

  // A sweep still running when the next is due (a saturated database) is not doubled.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    revalidate(localSockets())
      .catch((error: unknown) => deps.log.warn({ err: error }, 'socket session sweep failed'))
      .finally(() => (sweeping = false));
  }, SESSION_SWEEP_MS);
  sweep.unref();

  /** This process's part of refreshUsers: its own sockets of these users. */
  const refreshLocal = async (userIds: readonly number[]): Promise<void> => {
    const wanted = new Set(userIds);
    await revalidate(
      localSockets().filter((socket) => wanted.has((socket.data as SocketData).user.id)),
      'always',
    );
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
      clearInterval(sweep);
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
