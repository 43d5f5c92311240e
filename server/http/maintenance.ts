import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { getSetting } from '../features/settings/settings-repository';

export const MAINTENANCE_SETTING = 'maintenance';
/** From the module, not the working directory: the server may be started from anywhere. */
const MAINTENANCE_PAGE = fileURLToPath(new URL('../../public/maintenance.html', import.meta.url));
const REFRESH_MS = 2_000;

/**
 * Maintenance mode: on when MAINTENANCE=1 or the `maintenance` setting is true. The setting is
 * read from the database every two seconds, so `npm run maintenance -- on` reaches every
 * server process without a restart.
 */
export class MaintenanceSwitch {
  private fromSetting = false;
  private readAt = 0;

  constructor(
    private readonly db: Database,
    private readonly fromEnvironment: boolean,
  ) {}

  async isOn(): Promise<boolean> {
    if (this.fromEnvironment) return true;
    if (Date.now() - this.readAt > REFRESH_MS) {
      this.readAt = Date.now();
      this.fromSetting = (await getSetting<boolean>(this.db, MAINTENANCE_SETTING)) === true;
    }
    return this.fromSetting;
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
