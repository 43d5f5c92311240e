import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, EndpointRequest, EndpointResponse } from '../../src/contract/endpoint';
import type { UserRecord } from '../features/users/user-repository';
import { HttpError } from './errors';

/**
 * Registers a contract endpoint (src/contract/endpoint.ts) on Fastify: access is checked first
 * (401 without a session, 403 without the permission), then params, query and body are parsed
 * with the endpoint's schemas (422 naming each bad field), then the handler runs with typed,
 * parsed input. Under test the answer is also checked against the response schema, so the
 * contract and the server cannot drift apart unnoticed.
 *
 * A handler returns the JSON answer, or sends the reply itself (CSV streams) and returns the
 * reply.
 */
export interface EndpointContext<E extends Endpoint> extends EndpointRequest<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; answers 401 when read on a request without a session. */
  readonly user: UserRecord;
}

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<EndpointResponse<E> | FastifyReply>;

const NOT_SIGNED_IN = 'You are not signed in. Sign in and try again.';

const checkResponses = process.env.NODE_ENV === 'test' || process.env.CHECK_RESPONSES === '1';

export function accessCheck(endpoint: Endpoint) {
  const { access } = endpoint;
  return async (request: FastifyRequest): Promise<void> => {
    if (access.kind === 'public' || access.kind === 'service-token') return;
    if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
    if (access.kind !== 'permission') return;
    const held = request.user.permissions;
    if (!access.permissions.some((permission) => held.includes(permission))) {
      const named = access.permissions.join(' or ');
      throw new HttpError(403, `You do not have the permission ${named} for this action.`);
    }
  };
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<EndpointHandler<E>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    preHandler: accessCheck(endpoint),
    handler: async (request, reply) => {
      const input = {
        params: endpoint.params?.parse(request.params ?? {}),
        query: endpoint.query?.parse(request.query ?? {}),
        body: endpoint.body?.parse(request.body ?? {}),
      } as EndpointRequest<E>;
      const context: EndpointContext<E> = {
        ...input,
        request,
        reply,
        get user() {
          if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
          return request.user;
        },
      };
      const answer = await handler(context);
      if (answer === reply) return reply;
      if (checkResponses && endpoint.produces !== 'csv') {
        const checked = endpoint.response.safeParse(answer);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, path: endpoint.path },
            'answer does not match the contract',
          );
          throw new Error(
            `${endpoint.method} ${endpoint.path}: answer does not match the contract`,
          );
        }
      }
      return answer;
    },
  });
}
