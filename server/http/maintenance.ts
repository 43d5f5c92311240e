import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { SettingsRegistry } from '../features/settings/settings-registry';
import { fromRoot } from '../paths';

export const MAINTENANCE_SETTING = 'maintenance';
/** From the repository, not the working directory: the server may be started from anywhere. */
const MAINTENANCE_PAGE = fromRoot('public', 'maintenance.html');

/**
 * Maintenance mode is the `maintenance` setting, read through the settings registry: pinned by
 * MAINTENANCE, else switched on /settings or by `npm run maintenance -- on|off`. A switch
 * reaches every server process without a restart (the registry's push and its version check,
 * within 2 seconds for the command, which writes the table directly).
 */
export class MaintenanceSwitch {
  constructor(
    private readonly settings: Pick<SettingsRegistry, 'get'>,
    /**
     * The permissions of whoever holds this session cookie value (none without a valid one).
     * Asked only while maintenance is on.
     */
    private readonly permissionsOf: (sessionId: string | undefined) => Promise<readonly string[]>,
  ) {}

  // Async for its callers (the request hook, the socket handshake), which may one day ask more.
  isOn(): Promise<boolean> {
    return Promise.resolve(this.settings.get('maintenance'));
  }

  /**
   * Whether maintenance turns away the holder of this session. A signed-in user who may change
   * settings works through it: whoever switched it on from /settings must be able to switch it
   * off there. Everyone else gets the maintenance page, and sign-in is closed.
   */
  async turnsAway(sessionId: string | undefined): Promise<boolean> {
    if (!(await this.isOn())) return false;
    return !(await this.permissionsOf(sessionId)).includes('section_settings');
  }
}

export function maintenancePageHtml(): string {
  return readFileSync(MAINTENANCE_PAGE, 'utf8');
}

/** Probes and the metrics scrape: a balancer must keep the process that shows the notice. */
const ANSWERED_IN_MAINTENANCE = new Set(['/healthz', '/readyz', '/metrics']);

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');
}

/** A page load: no file extension, or an .html file. Assets stay available to the cached shell. */
export function isPageLoad(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

export function registerMaintenance(
  app: FastifyInstance,
  maintenance: MaintenanceSwitch,
  sessionCookie: string,
): void {
  const page = maintenancePageHtml();
  app.addHook('onRequest', async (request, reply) => {
    if (ANSWERED_IN_MAINTENANCE.has(request.url) || request.url.startsWith('/socket.io')) return;
    if (!(await maintenance.turnsAway(request.cookies[sessionCookie]))) return;
    reply.header('retry-after', '300').header('cache-control', 'no-store');
    if (isApiPath(request.url)) {
      return reply.status(503).send({
        ok: false,
        code: 'unavailable',
        message: 'The console is down for maintenance. It will be back shortly.',
      });
    }
    if (request.method === 'GET' && isPageLoad(request.url)) {
      return reply.status(503).type('text/html; charset=utf-8').send(page);
    }
  });
}
