import type { FastifyBaseLogger } from 'fastify';

/**
 * A background loop for the outbox-style workers (result delivery, AI): runs `round` again at
 * once while it reports a full batch, otherwise after `pollMs`, or sooner on `wake()`. A failed
 * round is logged and retried on the next tick. `stop()` waits for the round in progress.
 */
export class PollingLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly name: string,
    private readonly round: () => Promise<{ full: boolean }>,
    private readonly options: { pollMs: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.done;
  }

  wake(): void {
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let full = false;
      try {
        ({ full } = await this.round());
      } catch (error) {
        this.options.log.error({ err: error }, `${this.name} round failed`);
      }
      if (!this.running) break;
      if (!full) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeUp = finish;
    });
  }
}
