import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { PollingLoop } from '../../workers/polling-loop';
import type { AiProvider } from './ai-provider';
import { claimAiJobs, recordAiFailure, storeAiAnswer, type AiJob } from './ai-job-repository';
import type { SettingPins } from '../settings/settings-registry';
import { readAiRetrySettings, type AiRetrySettings } from './ai-settings';
import { AiProviderError } from './openai-provider';

/**
 * Asks a non-inline provider about items waiting in ai_state 'pending' (see ai-job-repository.ts
 * for the claim). Each failure is recorded for 'Failed Ai Moderate' and retried on the
 * ai_retry_schedule_seconds schedule; after ai_max_attempts the item gives up on AI
 * (ai_state 'failed') and operators get it with 'No AI Response'. Items never wait on this
 * worker for longer than AI_WAIT_SECONDS: the queue's claim hands them out regardless.
 */
export interface AiWorkerOptions {
  db: Database;
  provider: AiProvider;
  /** Answers for services that chose the built-in provider ('local'). */
  local?: AiProvider;
  log: FastifyBaseLogger;
  /** The longest one request may take; the claim lease is this plus a margin. */
  timeoutMs: number;
  /** What the environment pins of the retry knobs (the registry's rule; read each round). */
  pinned?: SettingPins;
  pollMs?: number;
  batchSize?: number;
}

const LEASE_MARGIN_SECONDS = 30;

export class AiWorker {
  private readonly loop: PollingLoop;
  private readonly batchSize: number;

  constructor(private readonly options: AiWorkerOptions) {
    this.batchSize = options.batchSize ?? 8;
    this.loop = new PollingLoop(
      'ai',
      async () => ({ full: (await this.runOnce()) >= this.batchSize }),
      { pollMs: options.pollMs ?? 500, log: options.log },
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  async runOnce(): Promise<number> {
    const retry = await readAiRetrySettings(this.options.db, this.options.pinned);
    const jobs = await claimAiJobs(this.options.db, {
      limit: this.batchSize,
      leaseSeconds: Math.ceil(this.options.timeoutMs / 1000) + LEASE_MARGIN_SECONDS,
    });
    await Promise.all(jobs.map((job) => this.handle(job, retry)));
    return jobs.length;
  }

  private async handle(job: AiJob, retry: AiRetrySettings): Promise<void> {
    const { db } = this.options;
    // A service switched to 'none' or 'local' after its item arrived is answered as it chose.
    const provider =
      job.ai_provider === 'local'
        ? (this.options.local ?? this.options.provider)
        : this.options.provider;
    if (job.ai_provider === 'none') {
      await db.transaction((tx) => storeAiAnswer(tx, job.id, 'none', null));
      return;
    }
    try {
      const answer = await provider.suggest({
        messageType: job.message_type,
        content: job.content,
        fileUrl: job.file_url,
        tags: job.tags,
        wordLists: job.ai_word_lists,
      });
      // One transaction: the answer, and the decision it may make alone with its delivery.
      await db.transaction((tx) => storeAiAnswer(tx, job.id, provider.name, answer));
    } catch (error) {
      const failure =
        error instanceof AiProviderError
          ? error
          : new AiProviderError('error', error instanceof Error ? error.message : String(error));
      const giveUp = job.ai_attempts >= retry.maxAttempts;
      const schedule = retry.retryScheduleSeconds;
      const delay = schedule[Math.min(job.ai_attempts, schedule.length) - 1] ?? 0;
      this.options.log.warn(
        { contentId: job.id, attempts: job.ai_attempts, aiStatus: failure.aiStatus, giveUp },
        'AI moderation failed',
      );
      await recordAiFailure(db, {
        contentId: job.id,
        provider: provider.name,
        aiStatus: failure.aiStatus,
        response: failure.response,
        attempts: job.ai_attempts,
        giveUp,
        retryInSeconds: delay,
      });
    }
  }
}
