import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ingestEndpoints } from '../../../src/contract/content';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { AiModule } from '../ai/ai-module';
import { findServiceById } from '../services/service-repository';
import { verifyServiceToken } from '../services/service-token-repository';
import { idempotentRequest, sendKept } from './idempotency';
import type { QueueSignal } from '../moderation/queue-signal';
import { answerInline, storeIngested } from './ingest-items';
import { recordFailedContentRequest } from './ingest-repository';
import { refuseSwitchedOff } from './ingest-refusals';

export const INGEST_TEXTS = {
  invalidToken: 'Invalid API token',
  revokedToken: 'Invalid API token: this token was revoked',
  expiredToken: 'Invalid API token: this token has expired',
} as const;

/** The stored copy of a rejected request is cut here: the dashboard shows previews only. */
const STORED_REQUEST_LIMIT = 20_000;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function storedRequest(request: FastifyRequest): string {
  return JSON.stringify(request.body ?? null).slice(0, STORED_REQUEST_LIMIT);
}

/**
 * POST /api/v1/contents: client services push content with their bearer token. Rejected bodies,
 * and calls with a revoked or expired token of a known service, are recorded as failed content
 * requests for the dashboard; calls with an unknown token are not, so strangers cannot fill that
 * table. A request is taken or refused whole: one invalid item refuses it with 422, and one item
 * of a blocked subscriber, or any item of an inactive service, with 403 (ingest-refusals.ts).
 */
export function ingestRoutes(
  app: FastifyInstance,
  deps: { db: Database; ai: Pick<AiModule, 'forChoice'>; queue: QueueSignal },
): void {
  const { db } = deps;

  /** The service behind the bearer token, checked before the body is read. */
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, INGEST_TEXTS.invalidToken);
    const verdict = await verifyServiceToken(db, token);
    if (verdict.ok) return verdict;
    const message =
      verdict.reason === 'revoked'
        ? INGEST_TEXTS.revokedToken
        : verdict.reason === 'expired'
          ? INGEST_TEXTS.expiredToken
          : INGEST_TEXTS.invalidToken;
    if (verdict.serviceCode) {
      await recordFailedContentRequest(db, {
        serviceCode: verdict.serviceCode,
        type: `token_${verdict.reason}`,
        request: storedRequest(request),
        response: JSON.stringify({ ok: false, code: 'unauthenticated', message }),
      });
    }
    throw new HttpError(401, message);
  };

  registerEndpoint(
    app,
    ingestEndpoints.submit,
    async ({ request, reply, body: items, caller }) => {
      const service = await findServiceById(db, caller.serviceId);
      if (!service) throw new HttpError(401, INGEST_TEXTS.invalidToken);
      const once = await idempotentRequest(db, request, service.id);
      if (once.earlier) return sendKept(reply, once.earlier, true);
      await refuseSwitchedOff(db, service, items, () => storedRequest(request));
      const answers = await answerInline(deps.ai, service, items);
      const answer = await db.transaction(async (tx) => {
        const earlier = await once.claim(tx);
        if (earlier) return { ...earlier, replayed: true };
        const ids = await storeIngested(tx, service, items, answers);
        const kept = await once.keep(tx, { status: 202, body: { ok: true, data: { ids } } });
        return { ...kept, replayed: false };
      });
      if (!answer.replayed) deps.queue.itemsQueued();
      return sendKept(reply, answer, answer.replayed);
    },
    {
      authenticate,
      onInvalidInput: (request, failure, caller) =>
        recordFailedContentRequest(db, {
          serviceCode: caller.serviceCode,
          type: 'validation',
          request: storedRequest(request),
          response: JSON.stringify(failure),
        }),
    },
  );
}
