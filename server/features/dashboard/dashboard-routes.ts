import type { FastifyInstance } from 'fastify';
import { dashboardEndpoints } from '../../../src/contract/dashboard';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import type { SettingsRegistry } from '../settings/settings-registry';
import {
  failedAiModerations,
  failedContentRequests,
  failedEndpointResponses,
  stuckFailed,
  stuckPending,
} from './dashboard-repository';

/** The dashboard's tables; rows newest first, at most DASHBOARD_ROW_LIMIT. */
export const STUCK_PENDING_SETTING = 'stuck_pending_minutes';

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { db: Database; settings: Pick<SettingsRegistry, 'get'> },
): void {
  const { db, settings } = deps;

  registerEndpoint(app, dashboardEndpoints.failedContentRequests, async () => ({
    ok: true,
    data: await failedContentRequests(db),
  }));

  registerEndpoint(app, dashboardEndpoints.failedEndpointResponses, async () => ({
    ok: true,
    data: await failedEndpointResponses(db),
  }));

  registerEndpoint(app, dashboardEndpoints.stuckPending, async () => {
    const minutes = settings.get(STUCK_PENDING_SETTING);
    return { ok: true, data: await stuckPending(db, minutes) };
  });

  registerEndpoint(app, dashboardEndpoints.failedAiModerate, async () => ({
    ok: true,
    data: await failedAiModerations(db),
  }));

  registerEndpoint(app, dashboardEndpoints.stuckFailed, async () => ({
    ok: true,
    data: await stuckFailed(db),
  }));
}
