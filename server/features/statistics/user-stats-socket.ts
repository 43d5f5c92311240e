import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { NAMESPACES } from '../../../src/contract/socket-events';
import type { Database } from '../../db/database';
import { type SocketData, typedNamespace, userRoom } from '../../sockets/socket-server';
import {
  countModeratedToday,
  pendingStatFor,
  type QueueCountsCache,
} from './statistics-repository';

/**
 * /user-stats: the top bar's counts. user-pending-stat answers only for the socket's own user;
 * after a stored decision the user's sockets on every process get user-moderated-{id}.
 */
export interface UserStats {
  notifyModerated(userId: number): Promise<void>;
}

export function registerUserStats(deps: {
  io: Server;
  db: Database;
  counts: QueueCountsCache;
  log: FastifyBaseLogger;
}): UserStats {
  const namespace = typedNamespace(deps.io, NAMESPACES.userStats);

  namespace.on('connection', (socket) => {
    const user = (socket.data as SocketData).user;
    socket.on('user-pending-stat', (userId) => {
      if (userId !== user.id) return;
      deps.counts.get().then(
        (counts) => socket.emit('user-pending-stat', pendingStatFor(counts, user.id)),
        (error: unknown) => deps.log.error({ err: error }, 'user-pending-stat failed'),
      );
    });
  });

  return {
    async notifyModerated(userId) {
      const moderated = await countModeratedToday(deps.db, userId);
      namespace.to(userRoom(userId)).emit(`user-moderated-${userId}`, { moderated });
    },
  };
}
