import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { codeForStatus, type ApiFailure, type ErrorCode } from '../../src/contract/api';
import { describeFieldErrors, fieldErrors } from '../../src/contract/validation';
import { DatabaseUnavailableError } from '../db/database';
import { isApiPath, isPageLoad, maintenancePageHtml } from './maintenance';

/**
 * An answer the client should show: status, a machine-readable code the client branches on, a
 * message a person can act on, and the message of each bad field.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
  }
}

export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input ?? {});
}

/** The 422 answer for bad input: one message per field and a sentence naming them all. */
export function validationFailure(error: ZodError): ApiFailure {
  const fields = fieldErrors(error);
  return { ok: false, code: 'validation', message: describeFieldErrors(fields), fields };
}

const UNAVAILABLE_MESSAGE =
  'The server cannot reach its database at the moment. Try again in a moment.';
/** Seconds a client waits before retrying while the database is away. */
const UNAVAILABLE_RETRY_SECONDS = 5;

const CSRF_MESSAGE =
  "This page's security token is missing or out of date. Reload the page and try again.";

/**
 * Maps every failure to the JSON envelope. Bad input is 422 naming the fields; a database that
 * cannot be reached is 503 with Retry-After; anything unexpected is logged with its stack and
 * answered with a plain 500 message, never the stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  const maintenancePage = maintenancePageHtml();
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DatabaseUnavailableError) {
      // A restart or failover of the database: the request was fine and will work again soon.
      // Page loads get the maintenance page, which reloads itself when the server answers.
      request.log.warn({ err: error.cause }, 'database unavailable');
      reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      reply.header('cache-control', 'no-store');
      if (request.method === 'GET' && !isApiPath(request.url) && isPageLoad(request.url)) {
        return reply.type('text/html; charset=utf-8').send(maintenancePage);
      }
      return reply.send({ ok: false, code: 'unavailable', message: UNAVAILABLE_MESSAGE });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(validationFailure(error));
    }
    if (error instanceof HttpError) {
      const body: ApiFailure = { ok: false, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code?.startsWith('FST_CSRF')) {
      return reply.status(403).send({ ok: false, code: 'csrf', message: CSRF_MESSAGE });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply
        .status(status)
        .send({ ok: false, code: codeForStatus(status), message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      ok: false,
      code: 'server',
      message: 'Something went wrong on the server. Try again in a moment.',
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      ok: false,
      code: 'not_found',
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
