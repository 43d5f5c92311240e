import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ingestEndpoints } from '../../../src/contract/content';
import type { Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { verifyServiceToken } from '../services/service-token-repository';
import { findContentDecision } from './content-decision-repository';
import { INGEST_TEXTS, bearerToken } from './ingest-routes';

export const DECISION_TEXTS = {
  notFound: (id: number) => `Your service has no content item ${id}.`,
} as const;

/**
 * GET /api/v1/contents/:id: a service reads the decision of one of its items, for when its
 * callback was down or it lost a delivery. Reads are not recorded as failed content requests:
 * that table is about content that did not get in.
 */
export function contentDecisionRoutes(app: FastifyInstance, deps: { db: Queryable }): void {
  const { db } = deps;

  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const verdict = token ? await verifyServiceToken(db, token) : undefined;
    if (verdict?.ok) return verdict;
    throw new HttpError(
      401,
      verdict?.reason === 'revoked'
        ? INGEST_TEXTS.revokedToken
        : verdict?.reason === 'expired'
          ? INGEST_TEXTS.expiredToken
          : INGEST_TEXTS.invalidToken,
    );
  };

  registerEndpoint(
    app,
    ingestEndpoints.decision,
    async ({ params, caller }) => {
      const decision = await findContentDecision(db, caller.serviceId, params.id);
      if (!decision) throw new HttpError(404, DECISION_TEXTS.notFound(params.id));
      return { ok: true, data: decision };
    },
    { authenticate },
  );
}
