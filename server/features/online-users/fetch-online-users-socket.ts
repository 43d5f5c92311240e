import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { NAMESPACES, type OnlineUser } from '../../../src/contract/socket-events';
import type { Database } from '../../db/database';
import { type SocketData, typedNamespace } from '../../sockets/socket-server';
import { moderatingUsers } from '../moderation/presence-repository';
import type { QueueCountsCache } from '../statistics/statistics-repository';

/**
 * /fetch-online-users: who is connected to /online-users on any process, whether they moderate
 * and how many items they hold. Needs section_online_users.
 */
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
    const holders = await moderatingUsers(deps.db);
    const counts = await deps.counts.get();
    const liveIds = new Set(sockets.map((socket) => socket.id));
    const users = new Map<number, OnlineUser>();
    for (const socket of sockets) {
      const user = (socket.data as SocketData).user;
      if (users.has(user.id)) continue;
      const holder = holders.get(user.id);
      users.set(user.id, {
        id: user.id,
        username: user.username,
        role: user.role,
        moderating: holder !== undefined && liveIds.has(holder),
        assigned: counts.byUser.get(user.id) ?? 0,
      });
    }
    return [...users.values()].sort((a, b) => a.username.localeCompare(b.username));
  };

  namespace.on('connection', (socket) => {
    socket.on('get-current-users', (reply) => {
      if (typeof reply !== 'function') return;
      // Read at each event: an administrator's change replaces the socket's user.
      const user = (socket.data as SocketData).user;
      if (!user.permissions.includes('section_online_users')) {
        reply([]);
        return;
      }
      currentUsers().then(reply, (error: unknown) => {
        deps.log.error({ err: error }, 'get-current-users failed');
        reply([]);
      });
    });
  });
}
