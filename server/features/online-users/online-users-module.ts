import type { ServerContext } from '../../server-context';
import type { ModerationSocket } from '../moderation/moderation-socket';
import type { QueueCountsCache } from '../statistics/statistics-repository';
import { registerFetchOnlineUsers } from './fetch-online-users-socket';
import { onlineUsersRoutes } from './online-users-routes';

/**
 * The administrators' view of who is signed in (/fetch-online-users) and their kick and park
 * actions, which act through the moderation socket.
 */
export async function registerOnlineUsers(
  context: ServerContext,
  deps: { moderation: ModerationSocket; counts: QueueCountsCache },
): Promise<void> {
  const { http, io, db, log } = context;
  registerFetchOnlineUsers({ io, db, counts: deps.counts, log });
  await onlineUsersRoutes(http, { db, onlineUsers: deps.moderation });
}
