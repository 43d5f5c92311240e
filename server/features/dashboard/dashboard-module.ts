import type { DomainLifecycle, ServerContext } from '../../server-context';
import { dashboardRoutes } from './dashboard-routes';
import { registerDashboardStats, type DashboardStats } from './dashboard-stats-socket';

export interface DashboardModule extends DomainLifecycle {
  stats: DashboardStats;
}

/** The dashboard's tables and its live counts (/moderation-statistics). */
export function registerDashboard(context: ServerContext): DashboardModule {
  const { http, io, db, settings, log } = context;
  dashboardRoutes(http, { db, settings });
  const stats = registerDashboardStats({ io, db, log });
  return {
    stats,
    close() {
      stats.close();
    },
  };
}
