import type { ServerContext } from '../../server-context';
import { serviceTokenRoutes } from './service-token-routes';

/** Service API tokens: list, create, revoke, and the service picker. */
export function registerServiceTokens(context: ServerContext): void {
  serviceTokenRoutes(context.http, { db: context.db });
}
