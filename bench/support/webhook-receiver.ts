/**
 * The client service's end of result delivery, on 127.0.0.1: the callback URL of the bench's
 * service. It checks every signature (Standard Webhooks, the service's secret), and counts per
 * webhook-id and per content id what it received and which requests it answered 200 to. A 200
 * counts only once the whole answer has been handed to the connection: an answer written after
 * the sender gave up (its timeout) is not a delivery.
 *
 * To exercise the retries it answers 500 to some requests, answers some slowly (well within the
 * sender's timeout) and some too slowly (after the sender's timeout: a failed attempt).
 */
import http from 'node:http';
import { verifyWebhook, WEBHOOK_HEADERS } from '../../server/features/delivery/webhook-signature';

export interface ReceiverBehaviour {
  /** Share of requests answered 500. */
  failRate: number;
  /** Share answered 200 after a delay below the sender's timeout. */
  slowRate: number;
  slowMs: [number, number];
  /** Share answered only after the sender's timeout. */
  tooSlowRate: number;
  tooSlowMs: number;
  random: () => number;
}

export interface AcceptedDelivery {
  webhookId: string;
  contentId: number;
  body: string;
  /** When the sender started this attempt (its webhook-timestamp, whole seconds), epoch ms. */
  attemptAt: number;
  at: number;
}

export class WebhookReceiver {
  private readonly server: http.Server;
  /** webhook-id -> requests received. */
  readonly received = new Map<string, number>();
  /** Every 200 that was handed to the connection, in order. */
  readonly accepted: AcceptedDelivery[] = [];
  /** content id -> webhook ids seen for it (any answer). */
  readonly webhookIdsOf = new Map<number, Set<string>>();
  badSignatures = 0;
  badBodies = 0;
  answered500 = 0;
  answeredTooLate = 0;
  requests = 0;
  lastRequestAt = 0;

  constructor(
    /** The service's webhook secret (whsec_...), known once the service exists. */
    public secret: string,
    private readonly behaviour: ReceiverBehaviour,
  ) {
    this.server = http.createServer((request, response) => this.handle(request, response));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('receiver has no port');
    return address.port;
  }

  /** Content ids with at least one accepted (200) delivery. */
  deliveredContentIds(): Set<number> {
    return new Set(this.accepted.map((delivery) => delivery.contentId));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.requests += 1;
      this.lastRequestAt = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : '';
      };
      const webhookId = header(WEBHOOK_HEADERS.id);
      const attemptAt = Number(header(WEBHOOK_HEADERS.timestamp)) * 1000;
      const signed = verifyWebhook(
        this.secret,
        {
          id: webhookId,
          timestamp: header(WEBHOOK_HEADERS.timestamp),
          signature: header(WEBHOOK_HEADERS.signature),
        },
        body,
      );
      if (!signed) {
        this.badSignatures += 1;
        response.writeHead(401).end();
        return;
      }
      let contentId: number;
      try {
        contentId = (JSON.parse(body) as { data: { content_id: number } }).data.content_id;
        if (!Number.isInteger(contentId)) throw new Error('no content id');
      } catch {
        this.badBodies += 1;
        response.writeHead(400).end();
        return;
      }
      this.received.set(webhookId, (this.received.get(webhookId) ?? 0) + 1);
      const ids = this.webhookIdsOf.get(contentId) ?? new Set<string>();
      ids.add(webhookId);
      this.webhookIdsOf.set(contentId, ids);

      const { failRate, slowRate, tooSlowRate, random } = this.behaviour;
      const roll = random();
      if (roll < failRate) {
        this.answered500 += 1;
        response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver hiccup');
        return;
      }
      let delay = 0;
      if (roll < failRate + slowRate) {
        const [min, max] = this.behaviour.slowMs;
        delay = min + random() * (max - min);
      } else if (roll < failRate + slowRate + tooSlowRate) {
        delay = this.behaviour.tooSlowMs;
      }
      const accept = () => {
        if (response.destroyed || request.socket.destroyed) {
          this.answeredTooLate += 1;
          return;
        }
        response.on('finish', () =>
          this.accepted.push({ webhookId, contentId, body, attemptAt, at: Date.now() }),
        );
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      };
      if (delay > 0) setTimeout(accept, delay);
      else accept();
    });
  }
}
