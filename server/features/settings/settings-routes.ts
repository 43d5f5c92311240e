import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../../src/contract/settings';
import { registerEndpoint } from '../../http/endpoint';
import type { SettingsRegistry } from './settings-registry';

/**
 * GET /api/settings/list and POST /api/settings/save (section_settings). The registry checks,
 * writes and audits a save in one transaction; `announce` then tells the other processes.
 */
export function settingsRoutes(
  app: FastifyInstance,
  deps: { settings: SettingsRegistry; announce: () => void },
): void {
  const { settings } = deps;

  registerEndpoint(app, settingsEndpoints.list, async () => ({
    ok: true,
    data: await settings.list(),
  }));

  registerEndpoint(app, settingsEndpoints.save, async ({ body, user, request }) => {
    const changed = await settings.save(body, {
      actor: { id: user.id, username: user.username },
      ip: request.ip,
    });
    if (changed.length > 0) deps.announce();
    return { ok: true, data: await settings.list() };
  });
}
