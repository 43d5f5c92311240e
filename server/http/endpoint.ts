import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ApiFailure } from '../../src/contract/api';
import {
  missingPermissions,
  type Access,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
} from '../../src/contract/endpoint';
import type { UserRecord } from '../features/users/user-repository';
import { HttpError, validationFailure } from './errors';

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
export interface EndpointContext<
  E extends Endpoint,
  Caller = undefined,
> extends EndpointRequest<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; answers 401 when read on a request without a session. */
  readonly user: UserRecord;
  /** What `authenticate` answered (the client service behind a bearer token). */
  caller: Caller;
}

export type EndpointHandler<E extends Endpoint, Caller = undefined> = (
  context: EndpointContext<E, Caller>,
) => Promise<EndpointResponse<E> | FastifyReply>;

export interface EndpointOptions<Caller> {
  /**
   * Runs after the access check and before any input is read, and answers who calls. A
   * service-token endpoint must have one: it checks the bearer token (401 when missing or
   * wrong), so a caller without a valid token gets its 401 whatever it sent.
   */
  authenticate?: (request: FastifyRequest) => Promise<Caller>;
  /** Sees the 422 answer for bad input before it is sent (ingest keeps it for the dashboard). */
  onInvalidInput?: (request: FastifyRequest, failure: ApiFailure, caller: Caller) => Promise<void>;
  /** The largest body this endpoint reads, in bytes (413 beyond); the server's limit otherwise. */
  bodyLimit?: number;
}

const NOT_SIGNED_IN = 'You are not signed in. Sign in and try again.';

const checkResponses = process.env.NODE_ENV === 'test' || process.env.CHECK_RESPONSES === '1';

/** The 403 message for a user who lacks `missing` (what missingPermissions answered). */
export function forbiddenMessage(access: Access, missing: readonly string[]): string {
  const joiner = access.kind === 'permission' && access.all ? ' and ' : ' or ';
  return `You do not have the permission ${missing.join(joiner)} for this action.`;
}

export const MUST_CHANGE_PASSWORD =
  'Choose your own password first: you signed in with a one-time password.';

export const TWO_FACTOR_REQUIRED =
  'Your role requires two-factor sign-in. Set it up first: nothing else opens until you have.';

export function accessCheck(endpoint: Endpoint) {
  const { access } = endpoint;
  return async (request: FastifyRequest): Promise<void> => {
    if (access.kind === 'public' || access.kind === 'service-token') return;
    if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
    if (request.user.must_change_password) {
      if (endpoint.openWhileChoosingPassword) return;
      throw new HttpError(403, MUST_CHANGE_PASSWORD, undefined, 'password_change_required');
    }
    if (request.user.two_factor_setup_required && !endpoint.openWhileSettingUpTwoFactor) {
      throw new HttpError(403, TWO_FACTOR_REQUIRED, undefined, 'two_factor_required');
    }
    const missing = missingPermissions(access, request.user.permissions);
    if (missing.length > 0) throw new HttpError(403, forbiddenMessage(access, missing));
  };
}

function parseRequest<E extends Endpoint>(endpoint: E, request: FastifyRequest) {
  return {
    params: endpoint.params?.parse(request.params ?? {}),
    query: endpoint.query?.parse(request.query ?? {}),
    body: endpoint.body?.parse(request.body ?? {}),
  } as EndpointRequest<E>;
}

export function registerEndpoint<E extends Endpoint, Caller = undefined>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<EndpointHandler<E, Caller>>,
  options: EndpointOptions<Caller> = {},
): void {
  if (endpoint.access.kind === 'service-token' && !options.authenticate) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs an authenticate option`);
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    preHandler: accessCheck(endpoint),
    handler: async (request, reply) => {
      const caller = (await options.authenticate?.(request)) as Caller;
      let input: EndpointRequest<E>;
      try {
        input = parseRequest(endpoint, request);
      } catch (error) {
        if (error instanceof ZodError && options.onInvalidInput) {
          await options.onInvalidInput(request, validationFailure(error), caller);
        }
        throw error;
      }
      const context: EndpointContext<E, Caller> = {
        ...input,
        request,
        reply,
        caller,
        get user() {
          if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
          return request.user;
        },
      };
      const answer = await handler(context);
      if (answer === reply) return reply;
      if (checkResponses && (endpoint.produces ?? 'json') === 'json') {
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
