import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { checkCallbackUrl, type CallbackVerdict, type Resolver } from './callback-guard';
import {
  claimDueDeliveries,
  recordDeliveryFailure,
  recordDeliverySuccess,
  type ClaimedDelivery,
} from './delivery-repository';
import {
  readDeliverySettings,
  retryDelaySeconds,
  type DeliverySettings,
} from './delivery-settings';
import type { SettingPins } from '../settings/settings-registry';
import { DEMO_RECEIVER_PREFIX } from './demo-receiver';
import { PollingLoop } from '../../workers/polling-loop';
import { sendWebhook, type SendResult } from './webhook-sender';
import { WEBHOOK_HEADERS, signWebhook } from './webhook-signature';

/**
 * Sends due deliveries: claims a batch (see delivery-repository.ts for the claim rules), posts
 * each signed body to its service's current callback URL, records the answer, and schedules the
 * retry or gives up. Runs in every server process; the claim keeps them from sending one row
 * twice at the same time. Polls every `pollMs`, at once again while batches come back full, and
 * at once on `wake()`. Decisions are picked up by the next poll (within `pollMs`): waking per
 * submit would add a round per submit under load.
 */
export interface DeliveryWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The settings the environment pins (config.settingPins); the rest come from the table. */
  pinned?: SettingPins;
  pollMs?: number;
  batchSize?: number;
  /**
   * This server's own base URL while the built-in demo receiver is enabled (demo mode): a
   * callback given as a path under /demo-receiver/ is posted to this server itself.
   */
  selfBaseUrl?: () => string | undefined;
  resolve?: Resolver;
}

/** Extra lease beyond the request deadline before another worker may take the row over. */
const LEASE_MARGIN_SECONDS = 30;

export class DeliveryWorker {
  private readonly loop: PollingLoop;
  private readonly batchSize: number;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.batchSize = options.batchSize ?? 20;
    this.loop = new PollingLoop(
      'delivery',
      async () => ({ full: (await this.runOnce()) >= this.batchSize }),
      { pollMs: options.pollMs ?? 1_000, log: options.log },
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Lets requests in flight finish (each is bounded by the timeout), then stops. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends due deliveries now instead of at the next poll (after a decision). */
  wake(): void {
    this.loop.wake();
  }

  /** One round: claims and sends one batch; answers how many rows it handled. */
  async runOnce(): Promise<number> {
    const settings = await readDeliverySettings(this.options.db, this.options.pinned);
    const claimToken = randomUUID();
    const claimed = await claimDueDeliveries(this.options.db, {
      limit: this.batchSize,
      claimToken,
      leaseSeconds: Math.ceil(settings.timeoutMs / 1000) + LEASE_MARGIN_SECONDS,
    });
    await Promise.all(claimed.map((delivery) => this.deliver(delivery, claimToken, settings)));
    return claimed.length;
  }

  private async target(callbackUrl: string, settings: DeliverySettings): Promise<CallbackVerdict> {
    if (callbackUrl.startsWith('/')) {
      const base = this.options.selfBaseUrl?.();
      if (!base || !callbackUrl.startsWith(DEMO_RECEIVER_PREFIX)) {
        return {
          ok: false,
          reason: `callback '${callbackUrl}' is a path; only the demo receiver (${DEMO_RECEIVER_PREFIX}..., demo mode) may be one`,
        };
      }
      return checkCallbackUrl(new URL(callbackUrl, base).toString(), { allowPrivate: true });
    }
    return checkCallbackUrl(callbackUrl, {
      allowPrivate: settings.allowPrivateUrls,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
  }

  private async deliver(
    delivery: ClaimedDelivery,
    claimToken: string,
    settings: DeliverySettings,
  ): Promise<void> {
    let result: SendResult;
    if (!delivery.callback_url) {
      result = { ok: false, code: 'NO_CALLBACK', response: 'the service has no callback URL' };
    } else {
      const verdict = await this.target(delivery.callback_url, settings);
      if (!verdict.ok) {
        result = { ok: false, code: 'REFUSED', response: verdict.reason };
      } else {
        const timestamp = Math.floor(Date.now() / 1000);
        result = await sendWebhook({
          url: verdict.url,
          addresses: verdict.addresses,
          headers: {
            [WEBHOOK_HEADERS.id]: delivery.webhook_id,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signWebhook(
              delivery.webhook_secret,
              delivery.webhook_id,
              timestamp,
              delivery.body,
            ),
          },
          body: delivery.body,
          timeoutMs: settings.timeoutMs,
        });
      }
    }

    if (result.ok) {
      await recordDeliverySuccess(this.options.db, { id: delivery.id, claimToken, ...result });
      return;
    }
    const giveUp = delivery.attempts >= settings.maxAttempts;
    this.options.log.warn(
      { contentId: delivery.content_id, attempts: delivery.attempts, code: result.code, giveUp },
      'result delivery failed',
    );
    await recordDeliveryFailure(this.options.db, {
      id: delivery.id,
      claimToken,
      code: result.code,
      response: result.response,
      giveUp,
      retryInSeconds: retryDelaySeconds(settings.retryScheduleSeconds, delivery.attempts),
    });
  }
}
