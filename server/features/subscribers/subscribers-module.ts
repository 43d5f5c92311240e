import type { ServerContext } from '../../server-context';
import { subscriberRoutes } from './subscriber-routes';

/** Subscribers: the /subscriber list, the picker options and the edit (name, notes, block). */
export function registerSubscribers(context: ServerContext): void {
  subscriberRoutes(context.http, { db: context.db });
}
