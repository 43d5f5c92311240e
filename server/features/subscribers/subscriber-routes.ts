import type { FastifyInstance } from 'fastify';
import { SUBSCRIBER_TEXTS, subscriberEndpoints } from '../../../src/contract/subscribers';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit-repository';
import {
  findSubscriberRow,
  listSubscriberOptions,
  listSubscribers,
  updateSubscriber,
} from './subscriber-repository';

/**
 * The /subscriber calls. A change runs in one transaction with its audit row (before and after of
 * each changed field). Blocking takes effect at the next ingest call: ingest reads the flag on
 * every request (server/features/ingest/ingest-refusals.ts).
 */
export function subscriberRoutes(app: FastifyInstance, deps: { db: Database }): void {
  const { db } = deps;

  registerEndpoint(app, subscriberEndpoints.list, async ({ query }) => {
    const { rows, total, capped } = await listSubscribers(db, {
      filter: {
        serviceId: query.service_id,
        search: query.search || undefined,
        blocked: query.blocked,
      },
      sort: query.sort,
      order: query.order,
      page: query.page,
      perPage: query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, subscriberEndpoints.options, async ({ query }) => ({
    ok: true,
    data: await listSubscriberOptions(db, query.service_id, query.search || undefined),
  }));

  registerEndpoint(
    app,
    subscriberEndpoints.update,
    async ({ params: { id }, body, user, request }) => {
      const saved = await db.transaction(async (tx) => {
        const before = await findSubscriberRow(tx, id);
        if (!before || !(await updateSubscriber(tx, id, body))) {
          throw new HttpError(404, SUBSCRIBER_TEXTS.notFound(id));
        }
        const after = await findSubscriberRow(tx, id);
        if (!after) throw new HttpError(404, SUBSCRIBER_TEXTS.notFound(id));
        const changed: Record<string, unknown> = {};
        for (const field of ['name', 'notes', 'blocked'] as const) {
          if (before[field] !== after[field]) changed[field] = [before[field], after[field]];
        }
        await recordAudit(tx, {
          actor: { id: user.id, username: user.username },
          action: 'subscriber.update',
          target: { type: 'subscriber', id },
          details: {
            service_id: after.service_id,
            external_id: after.external_id,
            changes: changed,
          },
          ip: request.ip,
        });
        return after;
      });
      return { ok: true, data: saved };
    },
  );
}
