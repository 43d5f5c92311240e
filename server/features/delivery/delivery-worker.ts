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
import { RECEIVER_PREFIXES } from './demo-receiver';
import { PollingLoop } from '../../workers/polling-loop';
import { sendWebhook, type SendResult } from './webhook-sender';
import { WEBHOOK_HEADERS, signatureHeader } from './webhook-signature';
import { nextRetrySeconds } from './retry-policy';
import type { DeliveryOutcome } from '../../observability/metrics';

/**
 * Sends due deliveries: claims a batch (see delivery-repository.ts for the claim rules), posts
 * each signed body to its service's current callback URL, records the answer, and schedules the
 * retry or gives up. Runs in every server process; the claim keeps them from sending one row
 * twice at the same time. Polls every `pollMs`, at once again while batches come back full, and
 * at once on `wake()`. Decisions are picked up by the next poll (within `pollMs`): waking per
 * submit would add a round per submit under load.
 *
 * A service paused on /aggregator, or disabled because its callback answered 410 Gone, is not
 * claimed at all: its rows wait, unchanged, until it is resumed or enabled. Retries follow the
 * schedule with jitter and the receiver's Retry-After (retry-policy.ts). Every attempt leaves a
 * row in delivery_attempts.
 */
export interface DeliveryWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The settings the environment pins (config.settingPins); the rest come from the table. */
  pinned?: SettingPins;
  pollMs?: number;
  batchSize?: number;
  /**
   * The built-in receiver's base URL: a callback given as a path under /demo-receiver/ (the
   * demo services) or /sandbox-receiver/ (the Dev Box) is posted there.
   */
  selfBaseUrl?: () => string | undefined;
  resolve?: Resolver;
  /** Told what became of each attempt (the delivery_attempts_total metric). */
  onAttempt?: (outcome: DeliveryOutcome) => void;
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
      if (!base || !RECEIVER_PREFIXES.some((prefix) => callbackUrl.startsWith(prefix))) {
        return {
          ok: false,
          reason: `callback '${callbackUrl}' is a path; only the built-in receiver (${RECEIVER_PREFIXES.join(', ')}...) may be one`,
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
    const result = await this.attempt(delivery, settings);
    const outcome = { id: delivery.id, claimToken, ...result };
    if (result.ok) {
      await recordDeliverySuccess(this.options.db, outcome);
      this.options.onAttempt?.('delivered');
      return;
    }
    const gone = result.statusCode === 410;
    const giveUp = !gone && delivery.round_attempts >= settings.maxAttempts;
    this.options.onAttempt?.(gone ? 'disabled' : giveUp ? 'gave_up' : 'retrying');
    this.options.log.warn(
      { contentId: delivery.content_id, attempts: delivery.attempts, code: result.code, giveUp },
      gone ? 'result delivery disabled: the callback answered 410 Gone' : 'result delivery failed',
    );
    await recordDeliveryFailure(this.options.db, {
      ...outcome,
      giveUp,
      retryInSeconds: nextRetrySeconds({
        scheduledSeconds: retryDelaySeconds(settings.retryScheduleSeconds, delivery.round_attempts),
        statusCode: result.statusCode,
        retryAfter: result.retryAfter,
      }),
      disableService:
        gone && delivery.callback_url
          ? { reason: goneReason(delivery.callback_url), callbackUrl: delivery.callback_url }
          : undefined,
    });
  }

  /** One signed POST of the delivery's body, or why none could be made. */
  private async attempt(
    delivery: ClaimedDelivery,
    settings: DeliverySettings,
  ): Promise<SendResult> {
    if (!delivery.callback_url) {
      return notSent('NO_CALLBACK', 'the service has no callback URL');
    }
    return this.post({
      callbackUrl: delivery.callback_url,
      webhookId: delivery.webhook_id,
      body: delivery.body,
      secrets: [delivery.webhook_secret, delivery.previous_secret].filter(
        (secret): secret is string => Boolean(secret),
      ),
      settings,
    });
  }

  /**
   * Checks the callback address and posts a signed body to it: what every delivery and the test
   * delivery send, so a test shows exactly what a real delivery would get.
   */
  async post(options: {
    callbackUrl: string;
    webhookId: string;
    body: string;
    secrets: readonly string[];
    settings?: DeliverySettings;
  }): Promise<SendResult> {
    const settings =
      options.settings ?? (await readDeliverySettings(this.options.db, this.options.pinned));
    const verdict = await this.target(options.callbackUrl, settings);
    if (!verdict.ok) return notSent('REFUSED', verdict.reason);
    const timestamp = Math.floor(Date.now() / 1000);
    return sendWebhook({
      url: verdict.url,
      addresses: verdict.addresses,
      headers: {
        [WEBHOOK_HEADERS.id]: options.webhookId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signatureHeader(
          options.secrets,
          options.webhookId,
          timestamp,
          options.body,
        ),
      },
      body: options.body,
      timeoutMs: settings.timeoutMs,
    });
  }
}

function notSent(code: string, response: string): SendResult {
  return { ok: false, code, response, statusCode: null, latencyMs: 0 };
}

function goneReason(callbackUrl: string): string {
  return `${callbackUrl} answered 410 Gone on ${new Date().toISOString()}`;
}
