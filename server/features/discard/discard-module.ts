import { DISCARD_TEXTS, confirmedCount, discardEndpoints } from '../../../src/contract/discard';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import type { ModerationSocket } from '../moderation/moderation-socket';
import {
  cancelDiscardJob,
  countMatching,
  createDiscardJob,
  findDiscardJob,
  listDiscardJobs,
  previewDiscard,
} from './discard-repository';
import { DiscardWorker } from './discard-worker';

/** How many jobs the /discard page lists. */
const LISTED_JOBS = 20;

export interface DiscardModule extends DomainLifecycle {
  worker: DiscardWorker;
}

/**
 * /discard (section_discard): preview a filter, start a job with its count typed back, follow
 * and stop it. The job runs in every process's DiscardWorker. Starting and stopping are audited
 * in the transaction that does them.
 */
export function registerDiscard(
  context: ServerContext,
  deps: {
    moderation: Pick<ModerationSocket, 'itemsWithdrawn'>;
    wakeDelivery: () => void;
  },
): DiscardModule {
  const { http, db, log } = context;
  const worker = new DiscardWorker({
    db,
    log,
    withdrawn: (userIds) => deps.moderation.itemsWithdrawn(userIds),
    wakeDelivery: deps.wakeDelivery,
  });

  const jobOrNotFound = async (id: number) => {
    const job = await findDiscardJob(db, id);
    if (!job) throw new HttpError(404, DISCARD_TEXTS.jobNotFound(id));
    return job;
  };

  registerEndpoint(http, discardEndpoints.preview, async ({ query }) => ({
    ok: true,
    data: await previewDiscard(db, query),
  }));

  registerEndpoint(http, discardEndpoints.start, async ({ body, user, request }) => {
    if (confirmedCount(body.confirmation) !== body.expected) {
      const message = DISCARD_TEXTS.confirmMismatch(body.expected);
      throw new HttpError(422, message, { confirmation: message });
    }
    const id = await db.transaction(async (tx) => {
      const matching = await countMatching(tx, body.filter, body.max_content_id);
      if (matching === 0) throw new HttpError(409, DISCARD_TEXTS.nothingLeft);
      if (matching > body.expected) {
        throw new HttpError(409, DISCARD_TEXTS.grew(matching, body.expected));
      }
      const jobId = await createDiscardJob(tx, {
        actor: user,
        filter: body.filter,
        reason: body.reason,
        maxContentId: body.max_content_id,
        expected: matching,
      });
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'discard.start',
        target: { type: 'discard_job', id: jobId },
        details: { filter: body.filter, items: matching, reason: body.reason },
        ip: request.ip,
      });
      return jobId;
    });
    worker.wake();
    return { ok: true, data: await jobOrNotFound(id) };
  });

  registerEndpoint(http, discardEndpoints.jobs, async () => ({
    ok: true,
    data: await listDiscardJobs(db, LISTED_JOBS),
  }));

  registerEndpoint(http, discardEndpoints.job, async ({ params }) => ({
    ok: true,
    data: await jobOrNotFound(params.id),
  }));

  registerEndpoint(http, discardEndpoints.cancel, async ({ params: { id }, user, request }) => {
    const cancelled = await db.transaction(async (tx) => {
      if (!(await cancelDiscardJob(tx, id))) return false;
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'discard.cancel',
        target: { type: 'discard_job', id },
        ip: request.ip,
      });
      return true;
    });
    const job = await jobOrNotFound(id);
    if (!cancelled) throw new HttpError(409, DISCARD_TEXTS.notRunning);
    return { ok: true, data: job };
  });

  return {
    worker,
    start: () => worker.start(),
    close: () => worker.stop(),
  };
}
