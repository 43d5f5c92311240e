import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SettingsRegistry } from '../features/settings/settings-registry';

export const MAINTENANCE_SETTING = 'maintenance';
/** From the module, not the working directory: the server may be started from anywhere. */
const MAINTENANCE_PAGE = fileURLToPath(new URL('../../public/maintenance.html', import.meta.url));

/**
 * Maintenance mode is the `maintenance` setting, read through the settings registry: pinned by
 * MAINTENANCE, else switched on /settings or by `npm run maintenance -- on|off`. A switch
 * reaches every server process without a restart (the registry's push and its version check,
 * within 2 seconds for the command, which writes the table directly).
 */
export class MaintenanceSwitch {
  constructor(private readonly settings: Pick<SettingsRegistry, 'get'>) {}

  // Async for its callers (the request hook, the socket handshake), which may one day ask more.
  isOn(): Promise<boolean> {
    return Promise.resolve(this.settings.get('maintenance'));
  }
}

export function maintenancePageHtml(): string {
  return readFileSync(MAINTENANCE_PAGE, 'utf8');
}

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');
}

/** A page load: no file extension, or an .html file. Assets stay available to the cached shell. */
export function isPageLoad(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

export function registerMaintenance(app: FastifyInstance, maintenance: MaintenanceSwitch): void {
  const page = maintenancePageHtml();
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz' || request.url.startsWith('/socket.io')) return;
    if (!(await maintenance.isOn())) return;
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
