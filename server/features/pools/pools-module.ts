import type { ServerContext } from '../../server-context';
import { poolRoutes } from './pool-routes';

/** Routing pools: list, options, create, update, delete. The claim reads them itself. */
export function registerPools(context: ServerContext): void {
  poolRoutes(context);
}
