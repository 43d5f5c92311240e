import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError, parseInput } from '../../http/errors';
import { requireUser, signedInUser } from '../../http/session';
import { countModeratedBy } from './statistics-repository';

/**
 * Dates as the console sends them ('yyyy-MM-dd HH:mm:ss', read as UTC) or ISO 8601. end_date is
 * the last second of the range, as in 'today 00:00:00 to 23:59:59'.
 */
const DateParam = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? `${value}T00:00:00Z`
        : value;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be a date like 2024-05-01 00:00:00' });
      return z.NEVER;
    }
    return date;
  });

const ModeratedQuerySchema = z.object({ start_date: DateParam, end_date: DateParam });
const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive('must be a user id') });

export async function statisticsRoutes(
  app: FastifyInstance,
  deps: { db: Database },
): Promise<void> {
  app.get('/api/statistics/moderated/:id', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    const { id } = parseInput(UserIdParamsSchema, request.params);
    if (id !== user.id && !user.permissions.includes('section_dashboard')) {
      throw new HttpError(403, 'You may read only your own moderated count.');
    }
    const { start_date, end_date } = parseInput(ModeratedQuerySchema, request.query);
    // end_date names the last second of the range; the query's end is exclusive.
    const end = new Date(end_date.getTime() + (end_date.getUTCMilliseconds() === 0 ? 1000 : 1));
    const moderated = await countModeratedBy(deps.db, id, start_date, end);
    return { ok: true, data: { moderated } };
  });
}
