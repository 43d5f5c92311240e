import type { FastifyInstance } from 'fastify';
import { statisticsEndpoints } from '../../../src/contract/content';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { countModeratedBy } from './statistics-repository';

export function statisticsRoutes(app: FastifyInstance, deps: { db: Database }): void {
  registerEndpoint(app, statisticsEndpoints.moderatedCount, async ({ user, params, query }) => {
    if (params.id !== user.id && !user.permissions.includes('section_dashboard')) {
      throw new HttpError(403, 'You may read only your own moderated count.');
    }
    const { start_date, end_date } = query;
    // end_date names the last second of the range; the query's end is exclusive.
    const end = new Date(end_date.getTime() + (end_date.getUTCMilliseconds() === 0 ? 1000 : 1));
    const moderated = await countModeratedBy(deps.db, params.id, start_date, end);
    return { ok: true, data: { moderated } };
  });
}
