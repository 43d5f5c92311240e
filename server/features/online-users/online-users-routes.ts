import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError, parseInput } from '../../http/errors';
import { requirePermission } from '../../http/session';
import { userRoom } from '../../sockets/socket-server';
import { findUserById } from '../users/user-repository';
import type { ModerationSocket as OnlineUsers } from '../moderation/moderation-socket';

const ParamsSchema = z.object({ userId: z.coerce.number().int().positive('must be a user id') });

/** Administrators act on an operator's live session from the Online Users screen. */
export async function onlineUsersRoutes(
  app: FastifyInstance,
  deps: { db: Database; onlineUsers: OnlineUsers },
): Promise<void> {
  const guard = { preHandler: requirePermission('section_online_users') };

  const target = async (params: unknown) => {
    const { userId } = parseInput(ParamsSchema, params);
    if (!(await findUserById(deps.db, userId))) {
      throw new HttpError(404, `There is no user with id ${userId}.`);
    }
    return userId;
  };

  app.post('/api/online-users/:userId/kick', guard, async (request) => {
    await deps.onlineUsers.kick(await target(request.params));
    return { ok: true };
  });

  app.post('/api/online-users/:userId/park', guard, async (request) => {
    const userId = await target(request.params);
    await deps.onlineUsers.park(userId);
    deps.onlineUsers.namespace.to(userRoom(userId)).emit('park-me');
    return { ok: true };
  });
}
