import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '../../../src/contract/audit';
import { deliveryEndpoints } from '../../../src/contract/delivery';
import type { Database, Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit-repository';
import {
  enableDelivery,
  findDelivery,
  findServiceSwitches,
  listDisabledDeliveries,
  listProblemDeliveries,
  listServiceDeliveries,
  pauseDelivery,
  redeliver,
  redeliverFailed,
  resumeDelivery,
  type ServiceDeliverySwitches,
} from './aggregator-repository';
import { sampleDelivery } from './delivery-repository';
import type { DeliveryWorker } from './delivery-worker';

/**
 * /aggregator and the test delivery. Every change is one transaction with its audit row; the
 * worker is woken after a change that makes deliveries due, so the administrator sees the effect
 * within a round instead of a poll.
 */
export function deliveryRoutes(
  app: FastifyInstance,
  deps: { db: Database; worker: DeliveryWorker },
): void {
  const { db, worker } = deps;

  const serviceOr404 = async (tx: Queryable, id: number): Promise<ServiceDeliverySwitches> => {
    const service = await findServiceSwitches(tx, id);
    if (!service) throw new HttpError(404, `There is no service with id ${id}.`);
    return service;
  };

  registerEndpoint(app, deliveryEndpoints.services, async () => ({
    ok: true,
    data: await listServiceDeliveries(db),
  }));

  registerEndpoint(app, deliveryEndpoints.disabled, async () => ({
    ok: true,
    data: await listDisabledDeliveries(db),
  }));

  registerEndpoint(app, deliveryEndpoints.problems, async ({ params: { id } }) => {
    await serviceOr404(db, id);
    return { ok: true, data: await listProblemDeliveries(db, id) };
  });

  registerEndpoint(app, deliveryEndpoints.redeliver, async ({ params: { id }, user, request }) => {
    const done = await db.transaction(async (tx) => {
      const row = await redeliver(tx, id);
      if (!row) return false;
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'delivery.redeliver',
        target: { type: 'delivery', id },
        details: { service_id: row.service_id, content_id: row.content_id },
        ip: request.ip,
      });
      return true;
    });
    if (!done) {
      const existing = await findDelivery(db, id);
      if (!existing) throw new HttpError(404, `There is no delivery with id ${id}.`);
      if (existing.status === 'delivered') {
        throw new HttpError(409, 'This delivery was delivered already.');
      }
      throw new HttpError(409, 'This delivery is being sent right now; wait for its answer.');
    }
    worker.wake();
    return { ok: true };
  });

  registerEndpoint(
    app,
    deliveryEndpoints.redeliverFailed,
    async ({ params: { id }, user, request }) => {
      const count = await db.transaction(async (tx) => {
        const service = await serviceOr404(tx, id);
        const redelivered = await redeliverFailed(tx, id);
        await recordAudit(tx, {
          actor: { id: user.id, username: user.username },
          action: 'delivery.redeliver_failed',
          target: { type: 'service', id },
          details: { service_name: service.name, count: redelivered },
          ip: request.ip,
        });
        return redelivered;
      });
      if (count > 0) worker.wake();
      return { ok: true, data: { count } };
    },
  );

  const switchEndpoint = (
    endpoint: typeof deliveryEndpoints.pause,
    action: AuditAction,
    change: (tx: Queryable, serviceId: number, userId: number) => Promise<boolean>,
    already: string,
  ) =>
    registerEndpoint(app, endpoint, async ({ params: { id }, user, request }) => {
      await db.transaction(async (tx) => {
        const service = await serviceOr404(tx, id);
        if (!(await change(tx, id, user.id))) throw new HttpError(409, already);
        await recordAudit(tx, {
          actor: { id: user.id, username: user.username },
          action,
          target: { type: 'service', id },
          details: { service_name: service.name },
          ip: request.ip,
        });
      });
      worker.wake();
      return { ok: true as const };
    });

  switchEndpoint(
    deliveryEndpoints.pause,
    'delivery.pause',
    pauseDelivery,
    'Delivery to this service is paused already.',
  );
  switchEndpoint(
    deliveryEndpoints.resume,
    'delivery.resume',
    (tx, id) => resumeDelivery(tx, id),
    'Delivery to this service is not paused.',
  );
  switchEndpoint(
    deliveryEndpoints.enable,
    'delivery.enable',
    (tx, id) => enableDelivery(tx, id),
    'Delivery to this service is not disabled.',
  );

  registerEndpoint(app, deliveryEndpoints.testDelivery, async ({ params: { id }, user }) => {
    const sample = await sampleDelivery(db, id, user.username);
    if (!sample) throw new HttpError(404, `There is no service with id ${id}.`);
    if (!sample.callback_url) {
      throw new HttpError(
        409,
        'This service has no callback URL: set one before sending a test delivery.',
      );
    }
    const result = await worker.post({
      callbackUrl: sample.callback_url,
      webhookId: sample.webhook_id,
      body: sample.body,
      secrets: [sample.webhook_secret, sample.previous_secret].filter((secret): secret is string =>
        Boolean(secret),
      ),
    });
    return {
      ok: true,
      data: {
        url: sample.callback_url,
        status_code: result.statusCode,
        latency_ms: result.latencyMs,
        response_body: result.statusCode === null ? '' : result.response,
        error: result.statusCode === null ? `${result.code}: ${result.response}` : null,
        delivered: result.ok,
      },
    };
  });
}
