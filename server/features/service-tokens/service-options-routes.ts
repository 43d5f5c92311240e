import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { requireUser, signedInUser } from '../../http/session';
import { listServiceOptions } from './service-token-list-repository';

/**
 * GET /api/v2/services/fetch: the bare array of {id, name} (SPEC §7) behind the service pickers
 * of the token dialog and the AI moderation search; open to holders of either screen.
 */
const ALLOWED: Permission[] = [
  'section_service_tokens',
  'section_ai_moderation',
  'section_services',
];

export async function serviceOptionsRoutes(
  app: FastifyInstance,
  deps: { db: Database },
): Promise<void> {
  app.get(
    '/api/v2/services/fetch',
    {
      preHandler: async (request) => {
        await requireUser(request);
        const held = signedInUser(request).permissions;
        if (!ALLOWED.some((permission) => held.includes(permission))) {
          throw new HttpError(403, `You need one of the permissions ${ALLOWED.join(', ')}.`);
        }
      },
    },
    async () => listServiceOptions(deps.db),
  );
}
