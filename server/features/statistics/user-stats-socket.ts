import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { NAMESPACES, clientEvents } from '../../../src/contract/socket-events';
import { batchWhileBusy } from '../../db/batch-while-busy';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { onEvent } from '../../sockets/socket-event';
import { typedNamespace, userRoom } from '../../sockets/socket-server';
import {
  countModeratedToday,
  pendingStatFor,
  type QueueCountsCache,
} from './statistics-repository';

/**
 * /user-stats: the top bar's counts. user-pending-stat answers only for the socket's own user;
 * after a stored decision the user's sockets on every process get user-moderated-{id}. At each
 * midnight UTC, when 'today' starts again (SPEC §9), every socket of this process gets
 * user-stats-moderated and asks for its statistics afresh.
 */
export interface UserStats {
  notifyModerated(userId: number): Promise<void>;
  close(): void;
}

function msUntilNextUtcMidnight(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next.getTime() - now.getTime();
}

export function registerUserStats(deps: {
  io: Server;
  db: Database;
  counts: QueueCountsCache;
  log: FastifyBaseLogger;
}): UserStats {
  const namespace = typedNamespace(deps.io, NAMESPACES.userStats);
  const moderatedToday = batchWhileBusy<number, number>(async (userIds) => {
    const counts = await countModeratedToday(deps.db, userIds);
    return userIds.map((userId) => counts.get(userId) ?? 0);
  });

  namespace.on('connection', (socket) => {
    onEvent(socket, clientEvents.userPendingStat, deps.log, async ({ payload: userId, user }) => {
      if (userId !== user.id) {
        throw new HttpError(422, 'The pending counts are answered for your own user id only.');
      }
      socket.emit('user-pending-stat', pendingStatFor(await deps.counts.get(), user.id));
    });
  });

  let dayTimer: NodeJS.Timeout | undefined;
  const scheduleNewDay = () => {
    // A second late, so the new day has begun on every clock that rounds.
    dayTimer = setTimeout(
      () => {
        namespace.local.emit('user-stats-moderated');
        scheduleNewDay();
      },
      msUntilNextUtcMidnight(new Date()) + 1_000,
    );
    dayTimer.unref();
  };
  scheduleNewDay();

  return {
    close() {
      clearTimeout(dayTimer);
    },
    async notifyModerated(userId) {
      const moderated = await moderatedToday.load(userId);
      namespace.to(userRoom(userId)).emit(`user-moderated-${userId}`, { moderated });
    },
  };
}
