import type { FastifyInstance } from 'fastify';
import { roleRoutes } from './role-routes';
import { userRoutes, type UserRoutesDeps } from './user-routes';

/**
 * People and access: the /users and /roles-and-permissions calls. The role catalogue itself is
 * synced at start by syncRolesAndPermissions (role-repository.ts), before anything is served.
 */
export function registerUsers(app: FastifyInstance, deps: UserRoutesDeps): void {
  userRoutes(app, deps);
  roleRoutes(app, deps);
}
