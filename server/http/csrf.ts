import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../../src/contract/api';
import { HttpError } from './errors';
import type { CookiePolicy } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes for client services, authenticated only by their bearer token. */
const SERVICE_API_PREFIX = '/api/v1/';

/**
 * Cross-site request forgery defence for cookie-authenticated calls: the secret lives in an
 * httpOnly cookie, the served index.html carries a token made from it, and every state-changing
 * request must send that token and X-Requested-With. Only the service API under /api/v1/ is exempt:
 * it is authenticated by bearer tokens and never reads a cookie, so a call there without a token
 * gets its 401, not a CSRF 403.
 */
export async function registerCsrf(app: FastifyInstance, cookies: CookiePolicy): Promise<void> {
  await app.register(csrfProtection, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: cookies.csrf,
    cookieOpts: {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      signed: false,
      secure: cookies.secure,
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith(SERVICE_API_PREFIX)) {
      done();
      return;
    }
    if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
      done(new HttpError(403, 'Requests must come from the console (X-Requested-With missing).'));
      return;
    }
    app.csrfProtection(request, reply, done);
  });
}
