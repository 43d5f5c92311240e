import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { AiModule } from '../ai/ai-module';
import type { QueueSignal } from '../moderation/queue-signal';
import { contentDecisionRoutes } from './content-decision-routes';
import { sweepIdempotencyKeys } from './idempotency';
import { ingestRoutes } from './ingest-routes';

/** Idempotency keys are kept a day; sweeping them a few times an hour keeps the table small. */
const IDEMPOTENCY_SWEEP_MS = 15 * 60_000;

/** The service API: client services push content and read decisions with their API token. */
export function registerIngest(
  context: ServerContext,
  deps: { ai: Pick<AiModule, 'forChoice'>; queue: QueueSignal },
): DomainLifecycle {
  const { http, db, log } = context;
  ingestRoutes(http, { db, ai: deps.ai, queue: deps.queue });
  contentDecisionRoutes(http, { db });
  let sweep: NodeJS.Timeout | undefined;
  return {
    start() {
      sweep = setInterval(() => {
        sweepIdempotencyKeys(db).catch((error: unknown) =>
          log.error({ err: error }, 'idempotency key sweep failed'),
        );
      }, IDEMPOTENCY_SWEEP_MS);
      sweep.unref();
    },
    close() {
      clearInterval(sweep);
    },
  };
}
