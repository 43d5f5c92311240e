import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/database';
import { requirePermission } from '../../http/session';
import { getSetting } from '../settings/settings-repository';
import {
  failedAiModerations,
  failedContentRequests,
  failedEndpointResponses,
  stuckFailed,
  stuckPending,
} from './dashboard-repository';

/**
 * The dashboard's tables (SPEC §2 Dashboard, §7). All need section_dashboard; Stuck Pending,
 * Failed Ai Moderate and Stuck Failed also need can_view_stuck_pending. Rows newest first,
 * at most DASHBOARD_ROW_LIMIT.
 */
export const STUCK_PENDING_SETTING = 'stuck_pending_minutes';
export const DEFAULT_STUCK_PENDING_MINUTES = 30;

function requireAll(...permissions: Permission[]) {
  const checks = permissions.map((permission) => requirePermission(permission));
  return async (...args: Parameters<ReturnType<typeof requirePermission>>) => {
    for (const check of checks) await check(...args);
  };
}

export async function dashboardRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const { db } = deps;
  const dashboard = { preHandler: requirePermission('section_dashboard') };
  const stuck = { preHandler: requireAll('section_dashboard', 'can_view_stuck_pending') };

  app.get('/api/content/get/requests', dashboard, async () => ({
    ok: true,
    data: await failedContentRequests(db),
  }));

  app.get('/api/aggregators/get/responses', dashboard, async () => ({
    ok: true,
    data: await failedEndpointResponses(db),
  }));

  app.get('/api/aggregators/get/stuck/pending', stuck, async () => {
    const setting = await getSetting<unknown>(db, STUCK_PENDING_SETTING);
    const minutes =
      typeof setting === 'number' && setting > 0 ? setting : DEFAULT_STUCK_PENDING_MINUTES;
    return { ok: true, data: await stuckPending(db, minutes) };
  });

  app.get('/api/aggregators/get/failed/ai-moderate', stuck, async () => ({
    ok: true,
    data: await failedAiModerations(db),
  }));

  app.get('/api/aggregators/get/pending/stuckPending', stuck, async () => ({
    ok: true,
    data: await stuckFailed(db),
  }));
}
