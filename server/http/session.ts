import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// `request.cookies` is declared by the cookie plugin (registered in app.ts).
import type {} from '@fastify/cookie';
import type { Permission } from '../../src/contract/permissions';
import type { Database, Queryable } from '../db/database';
import type { SessionPolicy } from '../features/auth/session-repository';
import { hashSecret } from '../features/auth/tokens';
import { findUserBySession, type UserRecord } from '../features/users/user-repository';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'mc_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRecord | null;
    sessionId: string | null;
  }
}

/** Looks up the signed-in user behind a session cookie value; shared by HTTP and sockets. */
export async function userForSession(
  db: Queryable,
  sessionId: string | undefined,
  policy: SessionPolicy,
): Promise<UserRecord | undefined> {
  if (!sessionId) return undefined;
  const user = await findUserBySession(db, hashSecret(sessionId), policy.idleMs);
  return user && !user.disabled ? user : undefined;
}

export function registerSessionLookup(
  app: FastifyInstance,
  db: Database,
  policy: SessionPolicy,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    const user = await userForSession(db, sessionId, policy);
    if (user && sessionId) {
      request.user = user;
      request.sessionId = sessionId;
      if (user.must_change_password && !openBeforePasswordChange(request)) {
        throw new HttpError(403, MUST_CHANGE_PASSWORD);
      }
    }
  });
}

/**
 * What a user signed in with a one-time password may call before choosing their own: who am I,
 * the change itself, a fresh CSRF token. Everything else under /api answers 403, so a password
 * an administrator has seen opens nothing but the change-password form.
 */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set([
  'GET /api/auth',
  'POST /api/users/me/password',
  'GET /api/csrf-token',
]);
export const MUST_CHANGE_PASSWORD =
  'Choose your own password first: you signed in with a one-time password.';

function openBeforePasswordChange(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  // Pages, assets and sign-in and sign-out are not data: they stay open.
  return !path.startsWith('/api/') || OPEN_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${path}`);
}

export function sessionCookieOptions(request: FastifyRequest, maxAgeMs: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** preHandler: 401 without a session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new HttpError(401, 'You are not signed in. Sign in and try again.');
}

/** preHandler factory: 401 without a session, 403 without the permission; never data. */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    await requireUser(request);
    if (!request.user?.permissions.includes(permission)) {
      throw new HttpError(403, `You do not have the permission ${permission} for this action.`);
    }
  };
}

export function signedInUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw new HttpError(401, 'You are not signed in. Sign in and try again.');
  return request.user;
}
