/**
 * Every Prometheus metric of the server, defined here and nowhere else; the one module that
 * imports prom-client. Rules:
 * - One registry per app instance (never prom-client's global one), so several servers in one
 *   process (the tests) each count their own and never clash over a metric name.
 * - Domains feed counters through the small methods below, called where the thing happens
 *   (a submit stored, a claim made, a delivery attempted, an AI call answered); they never see a
 *   prom-client type.
 * - What is a state rather than an event (queue depth, connected sockets) is read when scraped
 *   (a `collect` callback), so nothing runs between scrapes. The queue read is one grouped count,
 *   bounded in series (QUEUE_SERIES_LIMIT) and in time (QUEUE_READ_TIMEOUT_MS): a slow database
 *   leaves the series out of that scrape instead of holding the scrape.
 * - Labels have bounded values only (outcomes, namespaces, provider names, service codes up to
 *   the limit); never user ids or content ids.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What became of one delivery attempt (delivery-worker.ts). */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'gave_up' | 'disabled';

export interface QueueDepthRow {
  service: string;
  state: 'pending' | 'assigned';
  items: number;
}

/** At most this many (service, state) series: the largest queues when there are more. */
export const QUEUE_SERIES_LIMIT = 500;
/** A scrape waits this long for the queue count, then goes without it. */
export const QUEUE_READ_TIMEOUT_MS = 3_000;

/** Seconds: a submit is a few milliseconds when well, seconds when the database is saturated. */
const SUBMIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Submits in one transaction: 1 on an idle server, up to the group limit (64) under load. */
const GROUP_BUCKETS = [1, 2, 4, 8, 16, 32, 64];
/** Seconds: the local provider answers in microseconds, a remote model in seconds. */
const AI_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class AppMetrics {
  readonly registry = new Registry();
  private readonly claimed: Counter;
  private readonly decided: Counter;
  private readonly submitDuration: Histogram;
  private readonly submitGroupSize: Histogram;
  private readonly deliveryAttempts: Counter<'outcome'>;
  private readonly aiDuration: Histogram<'provider' | 'outcome'>;
  private readonly journalFolded: Counter;

  constructor() {
    const registers = [this.registry];
    // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
    collectDefaultMetrics({ register: this.registry });
    this.claimed = new Counter({
      name: 'moderation_items_claimed_total',
      help: 'Items handed to operators by request-content claims',
      registers,
    });
    this.decided = new Counter({
      name: 'moderation_items_decided_total',
      help: "Items decided by operators' submits (stored results; repeats and refusals not counted)",
      registers,
    });
    this.submitDuration = new Histogram({
      name: 'moderation_submit_duration_seconds',
      help: 'Time to answer POST /api/v2/content/submit-contents, any status',
      buckets: SUBMIT_BUCKETS,
      registers,
    });
    this.submitGroupSize = new Histogram({
      name: 'moderation_submit_group_size',
      help: 'Submits stored together in one transaction (group commit), per transaction committed',
      buckets: GROUP_BUCKETS,
      registers,
    });
    this.deliveryAttempts = new Counter({
      name: 'delivery_attempts_total',
      help: 'Result delivery attempts by outcome (retrying: failed, will be retried)',
      labelNames: ['outcome'],
      registers,
    });
    this.aiDuration = new Histogram({
      name: 'ai_call_duration_seconds',
      help: 'Time of each call to an AI provider, by provider and outcome (ok or error)',
      labelNames: ['provider', 'outcome'],
      buckets: AI_BUCKETS,
      registers,
    });
    this.journalFolded = new Counter({
      name: 'rollup_journal_folded_total',
      help: 'Rollup journal rows this process folded into the report and AI rollups',
      registers,
    });
    // Zero series from the start: a rate over a counter that appears late misses its first step.
    for (const outcome of ['delivered', 'retrying', 'gave_up', 'disabled'] as const) {
      this.deliveryAttempts.inc({ outcome }, 0);
    }
  }

  itemsClaimed(count: number): void {
    if (count > 0) this.claimed.inc(count);
  }

  itemsDecided(count: number): void {
    if (count > 0) this.decided.inc(count);
  }

  submitAnswered(seconds: number): void {
    this.submitDuration.observe(seconds);
  }

  submitsCommitted(submits: number): void {
    this.submitGroupSize.observe(submits);
  }

  deliveryAttempted(outcome: DeliveryOutcome): void {
    this.deliveryAttempts.inc({ outcome });
  }

  aiCallAnswered(call: { provider: string; ok: boolean; durationMs: number }): void {
    this.aiDuration.observe(
      { provider: call.provider, outcome: call.ok ? 'ok' : 'error' },
      call.durationMs / 1000,
    );
  }

  journalRowsFolded(count: number): void {
    if (count > 0) this.journalFolded.inc(count);
  }

  /** Connected sockets of this process per namespace, counted at each scrape. */
  watchSockets(countSockets: () => ReadonlyMap<string, number>): void {
    new Gauge({
      name: 'socketio_connected_sockets',
      help: 'Sockets connected to this process, per socket.io namespace',
      labelNames: ['namespace'],
      registers: [this.registry],
      collect() {
        for (const [namespace, count] of countSockets()) this.set({ namespace }, count);
      },
    });
  }

  /** Items waiting (pending) and held by operators (assigned) per service, read at each scrape. */
  watchQueue(readQueue: () => Promise<QueueDepthRow[]>, log: FastifyBaseLogger): void {
    new Gauge({
      name: 'moderation_queue_depth',
      help: `Items per service and state (pending, assigned); the ${QUEUE_SERIES_LIMIT} largest`,
      labelNames: ['service', 'state'],
      registers: [this.registry],
      async collect() {
        // A service whose queue emptied must not keep its last value.
        this.reset();
        try {
          for (const row of await withTimeout(readQueue(), QUEUE_READ_TIMEOUT_MS)) {
            this.set({ service: row.service, state: row.state }, row.items);
          }
        } catch (error) {
          log.warn({ err: error }, 'metrics: queue depth not read; left out of this scrape');
        }
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text of every metric, collected now. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
