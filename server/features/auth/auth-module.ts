import type { FastifyRequest } from 'fastify';
import type { CookiePolicy } from '../../http/session';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { endSocketSessions } from '../../sockets/socket-server';
import type { Mailer } from '../mail/mailer';
import { authRoutes } from './auth-routes';
import { deleteStaleRateLimits } from './rate-limits';
import { deleteExpiredSessions, type SessionPolicy } from './session-repository';

/** How often ended sessions are deleted; a session's end is also checked on every request. */
const SESSION_SWEEP_MS = 10 * 60_000;

/** Sign-in, sign-out and the password flows, and the sweep of ended sessions. */
export async function registerAuth(
  context: ServerContext,
  deps: {
    mailer: Mailer;
    sessionPolicy: SessionPolicy;
    /** Names and flags of the session cookie (server/http/session.ts). */
    cookies: CookiePolicy;
    /** The origin mailed links are built from, or undefined for a host that is not allowed. */
    linkOrigin: (request: FastifyRequest) => string | undefined;
  },
): Promise<DomainLifecycle> {
  const { http, db, log } = context;
  await authRoutes(http, {
    db,
    mailer: deps.mailer,
    sessionPolicy: deps.sessionPolicy,
    cookies: deps.cookies,
    linkOrigin: deps.linkOrigin,
    endSocketSessions: (hashes) => endSocketSessions(context.io, hashes),
  });
  let sweep: NodeJS.Timeout | undefined;
  return {
    start() {
      sweep = setInterval(() => {
        deleteExpiredSessions(db, deps.sessionPolicy).catch((error: unknown) =>
          log.error({ err: error }, 'session sweep failed'),
        );
        // A day is longer than every throttle window and back-off.
        deleteStaleRateLimits(db, 24 * 3600).catch((error: unknown) =>
          log.error({ err: error }, 'rate limit sweep failed'),
        );
      }, SESSION_SWEEP_MS);
      sweep.unref();
    },
    close() {
      clearInterval(sweep);
    },
  };
}
