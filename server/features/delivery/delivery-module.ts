import type { Config } from '../../config';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';
import { deliveryRoutes } from './delivery-routes';
import { DeliveryWorker } from './delivery-worker';

export interface DeliveryModule extends DomainLifecycle {
  worker: DeliveryWorker;
}

/** What the environment says about delivery; settings fill in what it leaves unset. */
export function deliveryConfigFrom(config: Config): Partial<DeliverySettings> {
  const delivery: Partial<DeliverySettings> = {};
  if (config.deliveryMaxAttempts !== undefined) delivery.maxAttempts = config.deliveryMaxAttempts;
  if (config.deliveryRetryScheduleSeconds !== undefined) {
    delivery.retryScheduleSeconds = config.deliveryRetryScheduleSeconds;
  }
  if (config.deliveryTimeoutMs !== undefined) delivery.timeoutMs = config.deliveryTimeoutMs;
  if (config.deliveryAllowPrivateUrls !== undefined) {
    delivery.allowPrivateUrls = config.deliveryAllowPrivateUrls;
  }
  return delivery;
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
    defaults: { ...DEFAULT_DELIVERY_SETTINGS, ...deliveryConfigFrom(config) },
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
