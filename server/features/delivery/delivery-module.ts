import type { DomainLifecycle, ServerContext } from '../../server-context';
import { deliveryRoutes } from './delivery-routes';
import { DeliveryWorker } from './delivery-worker';

export interface DeliveryModule extends DomainLifecycle {
  worker: DeliveryWorker;
}

/**
 * Signed result delivery to each service's callback. With DELIVERY_WORKER=0 this process sends
 * nothing (another one does); decisions still queue their deliveries in the database. The
 * /aggregator endpoints and the test delivery are served by every process.
 */
export function registerDelivery(
  context: ServerContext,
  deps: { selfBaseUrl?: (() => string | undefined) | undefined },
): DeliveryModule {
  const { db, config, log } = context;
  const worker = new DeliveryWorker({
    db,
    log,
    pinned: config.settingPins,
    onAttempt: (outcome) => context.metrics.deliveryAttempted(outcome),
    ...(deps.selfBaseUrl ? { selfBaseUrl: deps.selfBaseUrl } : {}),
  });
  deliveryRoutes(context.http, { db, worker });
  return {
    worker,
    start() {
      if (config.deliveryWorker) worker.start();
    },
    close: () => worker.stop(),
  };
}
