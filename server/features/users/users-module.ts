import type { ServerContext } from '../../server-context';
import type { SocketServer } from '../../sockets/socket-server';
import type { Mailer } from '../mail/mailer';
import type { ModerationSocket } from '../moderation/moderation-socket';
import { roleRoutes } from './role-routes';
import { userRoutes, type LinkOrigin } from './user-routes';

/**
 * People and access: the /users and /roles-and-permissions calls. The role catalogue itself is
 * synced at start by syncRolesAndPermissions (role-repository.ts), before anything is served.
 */
export function registerUsers(
  context: ServerContext,
  deps: {
    mailer: Mailer;
    sockets: Pick<SocketServer, 'refreshUsers'>;
    moderation: Pick<ModerationSocket, 'kick'>;
    linkOrigin: LinkOrigin;
  },
): void {
  const routeDeps = { db: context.db, settings: context.settings, ...deps };
  userRoutes(context.http, routeDeps);
  roleRoutes(context.http, routeDeps);
}
