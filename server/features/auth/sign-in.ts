import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHANGE_PASSWORD_PATH } from '../../../src/contract/auth';
import { landingPath, TWO_FACTOR_SETUP_PATH } from '../../../src/contract/routes';
import type { Database } from '../../db/database';
import { sessionCookieOptions, type CookiePolicy } from '../../http/session';
import type { UserRecord } from '../users/user-repository';
import { startAuditedSession } from './session-audit';
import { deleteSession, type SessionPolicy } from './session-repository';
import { hashSecret } from './tokens';

/**
 * The end of every sign-in (password alone, or password and second factor): a new session,
 * its cookie, and where the console goes next. Shared so both steps set the same cookie.
 */
export interface SignInDeps {
  db: Database;
  sessionPolicy: SessionPolicy;
  cookies: CookiePolicy;
  /** Closes the sockets of ended sessions on every process (sockets/socket-server.ts). */
  endSocketSessions(sessionHashes: readonly string[]): void;
}

/** Where a signed-in user goes first: the gates come before any screen. */
export function redirectAfterSignIn(user: UserRecord): string {
  if (user.must_change_password) return CHANGE_PASSWORD_PATH;
  if (user.two_factor_setup_required) return TWO_FACTOR_SETUP_PATH;
  return landingPath(user.permissions);
}

export async function completeSignIn(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  remember: boolean,
): Promise<string> {
  // A new id at every sign-in: a session id planted before sign-in never becomes valid.
  const previous = request.cookies[deps.cookies.session];
  if (previous) {
    await deleteSession(deps.db, previous);
    deps.endSocketSessions([hashSecret(previous)]);
  }
  const sessionId = await startAuditedSession(deps.db, user, deps.sessionPolicy, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  // "Remember me" keeps the cookie across browser restarts, for the session's lifetime;
  // otherwise it ends with the browser.
  reply.setCookie(
    deps.cookies.session,
    sessionId,
    sessionCookieOptions(
      request,
      deps.cookies,
      remember ? deps.sessionPolicy.absoluteMs : undefined,
    ),
  );
  return redirectAfterSignIn(user);
}
