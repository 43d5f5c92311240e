import type { FastifyInstance } from 'fastify';
import { maskToken, serviceTokenEndpoints } from '../../../src/contract/service-tokens';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit-repository';
import { findServiceById } from '../services/service-repository';
import { issueServiceToken, revokeServiceToken } from '../services/service-token-repository';
import {
  findServiceToken,
  listServiceOptions,
  listServiceTokens,
} from './service-token-list-repository';

/**
 * Service API tokens. The server enforces every permission: listing needs
 * section_service_tokens, creating can_create_api_token, revoking can_revoke_api_token. The raw
 * token is answered once, by the create call, and never again by anything: it is not stored (only
 * its SHA-256 and the first 4 and last character for the mask). That answer carries the raw token
 * only for a user with can_view_api_token (reveal) or can_copy_api_token (copy); anyone else gets
 * the masked form alone.
 *
 * Tokens are checked against the database on every ingest call, so a new token works and a
 * revoked one is refused at once.
 */
/** The console shows it as 'Error: Service is required'. */
const SERVICE_REQUIRED = 'Service is required';

export function serviceTokenRoutes(app: FastifyInstance, deps: { db: Database }): void {
  const { db } = deps;

  registerEndpoint(app, serviceTokenEndpoints.list, async ({ query }) => {
    const { rows, total } = await listServiceTokens(db, {
      page: query.page,
      perPage: query.per_page,
      serviceName: query.service_name || undefined,
    });
    return { ok: true, data: rows, total };
  });

  registerEndpoint(app, serviceTokenEndpoints.create, async ({ body, user, request }) => {
    const service = await findServiceById(db, body.service_id);
    if (!service) {
      throw new HttpError(422, SERVICE_REQUIRED, {
        service_id: `${SERVICE_REQUIRED}: there is no service with id ${body.service_id}`,
      });
    }
    const expiresAt = body.expires_in_days
      ? new Date(Date.now() + body.expires_in_days * 86_400_000)
      : null;
    const issued = await db.transaction(async (tx) => {
      const token = await issueServiceToken(tx, {
        serviceId: service.id,
        createdBy: user.id,
        expiresAt,
      });
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'service_token.create',
        target: { type: 'service_token', id: token.id },
        // The masked form only: the raw token is never written anywhere.
        details: {
          service_id: service.id,
          service_name: service.name,
          token: maskToken(token.token),
          expires_at: expiresAt?.toISOString() ?? null,
        },
        ip: request.ip,
      });
      return token;
    });
    const mayHaveToken =
      user.permissions.includes('can_view_api_token') ||
      user.permissions.includes('can_copy_api_token');
    return {
      ok: true,
      data: {
        id: issued.id,
        token: maskToken(issued.token),
        ...(mayHaveToken ? { raw_token: issued.token } : {}),
      },
    };
  });

  registerEndpoint(app, serviceTokenEndpoints.revoke, async ({ params: { id }, user, request }) => {
    const revoked = await db.transaction(async (tx) => {
      if (!(await revokeServiceToken(tx, id))) return undefined;
      const row = await findServiceToken(tx, id);
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'service_token.revoke',
        target: { type: 'service_token', id },
        details: { service_name: row?.service_name ?? null, token: row?.token ?? null },
        ip: request.ip,
      });
      return row;
    });
    if (revoked) return { ok: true, data: revoked };
    const existing = await findServiceToken(db, id);
    if (!existing) throw new HttpError(404, `There is no API token with id ${id}.`);
    throw new HttpError(409, 'This API token is already revoked.');
  });

  registerEndpoint(app, serviceTokenEndpoints.serviceOptions, async () => listServiceOptions(db));
}
