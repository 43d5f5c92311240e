import type { FastifyRequest } from 'fastify';

/** The path of a URL without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * How a request appears in the log. The query string is left out: it can carry a secret (the
 * token of a reset link arrives as `?token=`), and logs are kept, copied and read by more people
 * than the database.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: pathOf(request.url),
    remoteAddress: request.ip,
  };
}
