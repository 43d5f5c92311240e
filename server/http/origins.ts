import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Which origin this server may write into a link it mails (a password reset). Rules:
 * - PUBLIC_URL set: always PUBLIC_URL, whatever the request says.
 * - Otherwise the request's own origin, but only if it is on the allow-list: ALLOWED_ORIGINS,
 *   and outside production the loopback origins of the port the server listens on (demo and
 *   development). A request's Host header is written by the sender, so an origin taken from it
 *   unchecked lets anyone make a genuine reset mail point to their own host.
 * - No allowed origin: no link at all (the caller sends no mail).
 */
export interface OriginPolicy {
  linkOrigin(request: FastifyRequest): string | undefined;
}

function normalise(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function createOriginPolicy(
  config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'production'>,
  listeningPort: () => number | undefined,
): OriginPolicy {
  const configured = config.allowedOrigins
    .map(normalise)
    .filter((origin): origin is string => origin !== undefined);
  const allowed = (): Set<string> => {
    const origins = new Set(configured);
    const port = listeningPort();
    if (!config.production && port !== undefined) {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`http://${host}:${port}`);
    }
    return origins;
  };
  return {
    linkOrigin(request) {
      if (config.publicUrl) return config.publicUrl;
      const origin = normalise(`${request.protocol}://${request.host}`);
      return origin !== undefined && allowed().has(origin) ? origin : undefined;
    },
  };
}
