import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { insertAiCalls, pruneAiCalls, type AiCall } from './ai-call-repository';
import type { AiInput, AiProvider, AiSuggestion } from './ai-provider';
import { AiProviderError } from './openai-provider';

/**
 * The record of AI calls behind the health figures of /aiservices. Each provider is wrapped once
 * (`wrap`), so ingest, the AI worker and "Test connection" are all counted the same way. A call
 * costs a timer and an array push: the buffer is written in one statement per flush (every
 * FLUSH_MS, and before the screen reads), never one row per call, so ingest does not wait on it.
 * The buffer is bounded; past MAX_BUFFERED calls between two flushes (a database outage) the
 * newest are dropped and counted in the log, never queued without limit. The same loop deletes
 * rows older than KEEP_DAYS once every PRUNE_EVERY_MS.
 */
export const FLUSH_MS = 2_000;
export const MAX_BUFFERED = 20_000;
export const KEEP_DAYS = 7;
const PRUNE_EVERY_MS = 10 * 60_000;

export class AiCallRecorder {
  private buffer: AiCall[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /** Sees every call as it is recorded (the ai_call_duration_seconds metric). */
    private readonly onCall?: (call: AiCall) => void,
  ) {}

  record(call: AiCall): void {
    this.onCall?.(call);
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(call);
  }

  /** The provider with every call recorded; it answers and fails exactly as before. */
  wrap(provider: AiProvider): AiProvider {
    const record = (call: AiCall) => this.record(call);
    return {
      name: provider.name,
      inline: provider.inline,
      async suggest(input: AiInput): Promise<AiSuggestion | null> {
        const startedAt = new Date();
        const started = performance.now();
        try {
          const answer = await provider.suggest(input);
          record({
            provider: provider.name,
            startedAt,
            durationMs: performance.now() - started,
            ok: true,
            errorCode: null,
          });
          return answer;
        } catch (error) {
          record({
            provider: provider.name,
            startedAt,
            durationMs: performance.now() - started,
            ok: false,
            errorCode: error instanceof AiProviderError ? error.aiStatus : 'error',
          });
          throw error;
        }
      },
    };
  }

  /** Writes what is buffered; concurrent callers wait for the same write. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.dropped > 0) {
        this.log.warn({ dropped: this.dropped }, 'AI call record: calls dropped (buffer full)');
        this.dropped = 0;
      }
      const batch = this.buffer.splice(0);
      if (batch.length === 0) return;
      try {
        await insertAiCalls(this.db, batch);
      } catch (error) {
        // Kept for the next flush, within the bound.
        this.buffer.unshift(...batch.slice(0, MAX_BUFFERED - this.buffer.length));
        throw error;
      }
    });
    return this.flushing;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) =>
      this.log.error({ err: error }, 'AI call record: last flush failed'),
    );
  }

  private async tick(): Promise<void> {
    try {
      await this.flush();
      if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await pruneAiCalls(this.db, KEEP_DAYS);
      }
    } catch (error) {
      this.log.error({ err: error }, 'AI call record: flush failed');
    }
  }
}
