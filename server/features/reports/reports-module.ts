import type { ServerContext } from '../../server-context';
import { reportRoutes } from './report-routes';

/**
 * Reports and charts: the read endpoints and saved reports. The rollups they read are kept
 * current by the paths that write items (report-rollups-repository.ts).
 */
export function registerReports(context: ServerContext): void {
  reportRoutes(context);
}
