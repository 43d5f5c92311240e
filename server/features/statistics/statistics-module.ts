import type { DomainLifecycle, ServerContext } from '../../server-context';
import { QueueCountsCache } from './statistics-repository';
import { statisticsRoutes } from './statistics-routes';
import { registerUserStats, type UserStats } from './user-stats-socket';

export interface StatisticsModule extends DomainLifecycle {
  /** The queue counts, cached briefly and shared by every reader of this process. */
  counts: QueueCountsCache;
  userStats: UserStats;
}

/** The top bar's counts (/user-stats) and the moderated-count call. */
export function registerStatistics(context: ServerContext): StatisticsModule {
  const { http, io, db, log } = context;
  const counts = new QueueCountsCache(db);
  const userStats = registerUserStats({ io, db, counts, log });
  statisticsRoutes(http, { db });
  return {
    counts,
    userStats,
    close() {
      userStats.close();
    },
  };
}
