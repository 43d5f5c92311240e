import type { ServerContext } from '../../server-context';
import { serviceRoutes } from './service-routes';

/** Client services: the /services list, create, edit and secret rotation. */
export function registerServices(context: ServerContext): void {
  serviceRoutes(context.http, { db: context.db, settings: context.settings });
}
