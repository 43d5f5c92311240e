import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type {
  OnlineDevice,
  OnlineStatus,
  OnlineUser,
  OnlineUsersAnswer,
} from '../../../src/contract/online-users';
import { NAMESPACES } from '../../../src/contract/socket-events';
import type { Database } from '../../db/database';
import { type SocketData, typedNamespace } from '../../sockets/socket-server';
import type { QueueCountsCache } from '../statistics/statistics-repository';
import {
  currentPermissions,
  presenceOfUsers,
  type PresenceUserRow,
} from './online-users-repository';

/**
 * /fetch-online-users: the Online Users screen's live list (`get-current-users`). Connections
 * are those of the /online-users namespace on every process (asked through the adapter, so it
 * holds with Redis); who holds moderation and since when comes from the database, items held
 * from the shared queue counts. Needs section_online_users, read from the database at each
 * question.
 */
export interface OpenConnection {
  id: string;
  userId: number;
  connectedAt: number;
  address: string | null;
  userAgent: string | null;
}

const iso = (value: Date | number | null) =>
  value === null ? null : new Date(value).toISOString();

function statusOf(row: PresenceUserRow, open: ReadonlySet<string>): OnlineStatus {
  if (row.holder_socket !== null) return open.has(row.holder_socket) ? 'moderating' : 'elsewhere';
  return row.park_time !== null ? 'parked' : 'idle';
}

/** The list from its three sources; one row per user, ordered as the rows come (by username). */
export function buildOnlineUsers(
  connections: readonly OpenConnection[],
  rows: readonly PresenceUserRow[],
  itemsHeld: ReadonlyMap<number, number>,
): OnlineUser[] {
  const byUser = new Map<number, OpenConnection[]>();
  for (const connection of [...connections].sort((a, b) => a.connectedAt - b.connectedAt)) {
    const list = byUser.get(connection.userId) ?? [];
    list.push(connection);
    byUser.set(connection.userId, list);
  }
  return rows.map((row) => {
    const own = byUser.get(row.id) ?? [];
    const open = new Set(own.map((connection) => connection.id));
    const status = statusOf(row, open);
    const devices: OnlineDevice[] = own.map((connection) => ({
      id: connection.id,
      connected_at: new Date(connection.connectedAt).toISOString(),
      address: connection.address,
      user_agent: connection.userAgent,
      moderating: connection.id === row.holder_socket,
    }));
    const since =
      status === 'moderating' || status === 'elsewhere'
        ? iso(row.holder_since)
        : status === 'parked'
          ? iso(row.park_time)
          : iso(own[0]?.connectedAt ?? null);
    return {
      id: row.id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      status,
      status_since: since,
      items_held: itemsHeld.get(row.id) ?? 0,
      devices,
    };
  });
}

export function registerFetchOnlineUsers(deps: {
  io: Server;
  db: Database;
  counts: QueueCountsCache;
  log: FastifyBaseLogger;
}): void {
  const namespace = typedNamespace(deps.io, NAMESPACES.fetchOnlineUsers);
  const onlineNamespace = typedNamespace(deps.io, NAMESPACES.onlineUsers);

  const currentUsers = async (): Promise<OnlineUser[]> => {
    const sockets = await onlineNamespace.fetchSockets();
    const connections: OpenConnection[] = sockets.map((socket) => {
      const userAgent = socket.handshake.headers['user-agent'];
      return {
        id: socket.id,
        userId: (socket.data as SocketData).user.id,
        connectedAt: socket.handshake.issued,
        address: socket.handshake.address || null,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      };
    });
    const [rows, counts] = await Promise.all([
      presenceOfUsers(deps.db, [...new Set(connections.map((connection) => connection.userId))]),
      deps.counts.get(),
    ]);
    return buildOnlineUsers(connections, rows, counts.byUser);
  };

  const answer = async (userId: number): Promise<OnlineUsersAnswer> => {
    const permissions = await currentPermissions(deps.db, userId);
    if (!permissions.includes('section_online_users')) {
      return {
        ok: false,
        code: 'forbidden',
        message: 'You do not have the permission section_online_users for this list.',
      };
    }
    return { ok: true, data: await currentUsers() };
  };

  namespace.on('connection', (socket) => {
    socket.on('get-current-users', (reply) => {
      if (typeof reply !== 'function') return;
      // The user is read at each event: an administrator's change replaces it.
      answer((socket.data as SocketData).user.id).then(reply, (error: unknown) => {
        deps.log.error({ err: error }, 'get-current-users failed');
        reply({
          ok: false,
          code: 'server',
          message: 'The list could not be read. It is asked for again in a moment.',
        });
      });
    });
  });
}
