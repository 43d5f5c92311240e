import type { FastifyInstance } from 'fastify';
import { onlineUsersEndpoints } from '../../../src/contract/online-users';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { userRoom } from '../../sockets/socket-server';
import { recordAudit } from '../audit/audit-repository';
import { findUserById, type UserRecord } from '../users/user-repository';
import type { ModerationSocket as OnlineUsers } from '../moderation/moderation-socket';

/**
 * An administrator acts on a user's live session from the Online Users screen. Kick needs
 * can_kick_users, park can_park_users. Each writes its audit row in the transaction that ends
 * the sessions or returns the items, so the log shows exactly the actions that took effect.
 * Either works on a user who is not connected (ending sessions they still have, returning items
 * they still hold within the grace period).
 */
export const KICK_SELF_MESSAGE =
  'You cannot sign yourself out from this list: use Logout in the profile menu.';

export function onlineUsersRoutes(
  app: FastifyInstance,
  deps: { db: Database; onlineUsers: OnlineUsers },
): void {
  const { db, onlineUsers } = deps;

  const targetUser = async (userId: number): Promise<UserRecord> => {
    const user = await findUserById(db, userId);
    if (!user) throw new HttpError(404, `There is no user with id ${userId}.`);
    return user;
  };

  const auditEntry = (actor: UserRecord, target: UserRecord, ip: string) => ({
    actor: { id: actor.id, username: actor.username },
    target: { type: 'user', id: target.id },
    ip,
  });

  registerEndpoint(app, onlineUsersEndpoints.kick, async ({ params, user, request }) => {
    const target = await targetUser(params.userId);
    if (target.id === user.id) throw new HttpError(409, KICK_SELF_MESSAGE);
    await onlineUsers.kick(target.id, (tx, itemsReturned) =>
      recordAudit(tx, {
        ...auditEntry(user, target, request.ip),
        action: 'session.kick',
        details: { username: target.username, items_returned: itemsReturned },
      }),
    );
    return { ok: true };
  });

  registerEndpoint(app, onlineUsersEndpoints.park, async ({ params, user, request }) => {
    const target = await targetUser(params.userId);
    await onlineUsers.park(target.id, (tx, itemsReturned) =>
      recordAudit(tx, {
        ...auditEntry(user, target, request.ip),
        action: 'session.park',
        details: { username: target.username, items_returned: itemsReturned },
      }),
    );
    onlineUsers.namespace.to(userRoom(target.id)).emit('park-me');
    return { ok: true };
  });
}
