import type { FastifyBaseLogger } from 'fastify';
import { DISCARD_BATCH_SIZE } from '../../../src/contract/discard';
import type { Database } from '../../db/database';
import { PollingLoop } from '../../workers/polling-loop';
import { runDiscardBatch } from './discard-repository';

/**
 * Works through running bulk discards, one short transaction per batch (discard-repository.ts
 * runDiscardBatch), on every server process: a batch locks its job, so processes share the work
 * without overlapping and a restart resumes where the last committed batch left off. After each
 * batch the operators who lost items are told (reset-content) and the delivery worker is woken
 * for the `content.discarded` webhooks.
 */
export class DiscardWorker {
  private readonly loop: PollingLoop;

  constructor(
    private readonly deps: {
      db: Database;
      log: FastifyBaseLogger;
      /** Operators whose screens held discarded items. */
      withdrawn: (userIds: number[]) => void;
      wakeDelivery: () => void;
      pollMs?: number;
      batchSize?: number;
    },
  ) {
    this.loop = new PollingLoop('discard', () => this.round(), {
      pollMs: deps.pollMs ?? 1_000,
      log: deps.log,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A job was started: work on it now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** One batch; full while a job has more to do, so the loop goes on at once. */
  async round(): Promise<{ full: boolean }> {
    const batchSize = this.deps.batchSize ?? DISCARD_BATCH_SIZE;
    const outcome = await this.deps.db.transaction((tx) => runDiscardBatch(tx, batchSize));
    if (outcome.idle) return { full: false };
    if (outcome.discarded.holders.length > 0) this.deps.withdrawn(outcome.discarded.holders);
    if (outcome.discarded.ids.length > 0) this.deps.wakeDelivery();
    return { full: outcome.discarded.ids.length > 0 || outcome.finished };
  }
}
