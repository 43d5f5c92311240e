import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// `request.cookies` is declared by the cookie plugin (registered in app.ts).
import type {} from '@fastify/cookie';
import type { Permission } from '../../src/contract/permissions';
import { batchWhileBusy } from '../db/batch-while-busy';
import type { Queryable } from '../db/database';
import type { SessionPolicy } from '../features/auth/session-repository';
import { hashSecret } from '../features/auth/tokens';
import { findUsersBySessions, type UserRecord } from '../features/users/user-repository';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'mc_session';
export const CSRF_COOKIE = 'mc_csrf';
const HOST_PREFIX = '__Host-';

/**
 * Cookie names and flags. When the console is served over https (PUBLIC_URL is https) every
 * cookie is Secure and carries the `__Host-` prefix: the browser then accepts it only from this
 * exact host over https, with Path=/ and no Domain, so a sibling subdomain or a plain-http
 * response cannot plant a session or CSRF cookie of its own. The names are fixed per deployment,
 * not per request, so HTTP and socket handshakes (which know nothing of proxies) read the same.
 */
export interface CookiePolicy {
  secure: boolean;
  session: string;
  csrf: string;
}

export function cookiePolicy(publicUrl: string | undefined): CookiePolicy {
  const secure = publicUrl?.startsWith('https://') ?? false;
  const name = (base: string) => (secure ? `${HOST_PREFIX}${base}` : base);
  return { secure, session: name(SESSION_COOKIE), csrf: name(CSRF_COOKIE) };
}

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRecord | null;
    sessionId: string | null;
  }
}

/** The signed-in user behind a session cookie value; shared by HTTP, sockets and maintenance. */
export interface SessionLookup {
  userFor(sessionId: string | undefined): Promise<UserRecord | undefined>;
}

/**
 * Session lookups on `db`, one per request and socket handshake. Lookups that arrive while one is
 * running are answered together by one statement (findUsersBySessions): under load every request
 * of hundreds of operators asked for its own session. Nothing is cached: an ended session or a
 * disabled user is refused from the next request on.
 */
export function createSessionLookup(db: Queryable, policy: SessionPolicy): SessionLookup {
  const loader = batchWhileBusy<string, UserRecord | null>(async (sessionHashes) => {
    const users = await findUsersBySessions(db, sessionHashes, policy.idleMs);
    return sessionHashes.map((hash) => users.get(hash) ?? null);
  });
  return {
    async userFor(sessionId) {
      if (!sessionId) return undefined;
      const user = await loader.load(hashSecret(sessionId));
      return user && !user.disabled ? user : undefined;
    },
  };
}

export function registerSessionLookup(
  app: FastifyInstance,
  sessions: SessionLookup,
  cookies: CookiePolicy,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('preHandler', async (request) => {
    const sessionId = request.cookies[cookies.session];
    const user = await sessions.userFor(sessionId);
    if (user && sessionId) {
      request.user = user;
      request.sessionId = sessionId;
    }
  });
}

/**
 * The session cookie: httpOnly, SameSite=Lax, Secure over https. Without `maxAgeMs` it is a
 * browser-session cookie, gone when the browser closes; "remember me" gives it the session's
 * absolute lifetime. The server ends the session on its own schedule either way.
 */
export function sessionCookieOptions(
  request: FastifyRequest,
  cookies: CookiePolicy,
  maxAgeMs?: number,
) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookies.secure || request.protocol === 'https',
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
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
