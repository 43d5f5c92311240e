import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHANGE_PASSWORD_PATH,
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  LOGIN_TEXTS,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
} from '../../../src/contract/auth';
import { landingPath } from '../../../src/contract/routes';
import type { Database } from '../../db/database';
import { HttpError, parseInput } from '../../http/errors';
import {
  SESSION_COOKIE,
  requirePermission,
  requireUser,
  sessionCookieOptions,
  signedInUser,
} from '../../http/session';
import type { Mailer } from '../mail/mailer';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  toCurrentUser,
  updatePasswordHash,
} from '../users/user-repository';
import { checkLoginThrottle, recordLoginAttempt, throttleMessage } from './login-throttle';
import { decoyHash, hashPassword, verifyPassword } from './password-hasher';
import {
  RESET_LINK_LIFETIME_MINUTES,
  consumeReset,
  createPasswordReset,
  findValidReset,
} from './password-reset-repository';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type SessionPolicy,
} from './session-repository';

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  sessionPolicy: SessionPolicy;
  /** Where mailed links may point (server/http/origins.ts); undefined: send no link. */
  linkOrigin(request: FastifyRequest): string | undefined;
}

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { db, mailer, sessionPolicy } = deps;

  app.get('/api/auth', { preHandler: requireUser }, async (request) => ({
    ok: true,
    data: toCurrentUser(signedInUser(request)),
  }));

  app.post('/auth/login', async (request, reply) => {
    const { username, password } = parseInput(LoginRequestSchema, request.body);
    const client = clientOf(request);
    const verdict = await checkLoginThrottle(db, username, client.ip);
    if (verdict.blocked) {
      await recordLoginAttempt(db, {
        userId: null,
        username,
        ...client,
        success: false,
        reason: 'throttled',
      });
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new HttpError(429, throttleMessage(verdict));
    }
    const user = await findUserByUsername(db, username);
    const passwordMatches = await verifyPassword(
      password,
      user?.password_hash ?? (await decoyHash()),
    );
    const reason = !user
      ? 'unknown user'
      : user.disabled
        ? 'disabled'
        : passwordMatches
          ? null
          : 'wrong password';
    await recordLoginAttempt(db, {
      userId: user?.id ?? null,
      username,
      ...client,
      success: reason === null,
      reason,
    });
    if (!user || reason !== null) throw new HttpError(401, LOGIN_TEXTS.invalidCredentials);

    // A new id at every sign-in: a session id planted before sign-in never becomes valid.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    const sessionId = await createSession(db, user.id, sessionPolicy, client);
    reply.setCookie(
      SESSION_COOKIE,
      sessionId,
      sessionCookieOptions(request, sessionPolicy.absoluteMs),
    );
    const redirect = user.must_change_password
      ? CHANGE_PASSWORD_PATH
      : landingPath(user.permissions);
    return { ok: true, redirect };
  });

  app.post('/auth/logout', async (request, reply) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) await deleteSession(db, sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.post('/auth/forgot-password', async (request) => {
    const { email } = parseInput(ForgotPasswordRequestSchema, request.body);
    const origin = deps.linkOrigin(request);
    if (origin === undefined) {
      // Asked through a host that is neither PUBLIC_URL nor allowed: a link built from it could
      // lead the owner of the address to the sender's site. No mail; the same answer as always.
      request.log.warn(
        { host: request.host },
        'password reset asked through a host that is not allowed; no mail sent',
      );
      return { ok: true };
    }
    const user = await findUserByEmail(db, email);
    // The answer is the same whether or not the address is known, so it reveals no accounts.
    if (user && !user.disabled && user.email) {
      const token = await createPasswordReset(db, user.id);
      const link = `${origin}/reset-password?token=${token}`;
      // A mail failure is logged and recorded in outbound_emails by the mailer; answering with
      // an error here would tell the caller that the address belongs to an account.
      await mailer
        .send({
          to: user.email,
          subject: 'Reset your Moderation Console password',
          text: `A password reset was requested for ${user.username}. Open ${link} within ${RESET_LINK_LIFETIME_MINUTES} minutes to choose a new password. If you did not ask for this, ignore this message.`,
        })
        .then(
          () => request.log.info({ userId: user.id }, 'password reset link issued'),
          () => undefined,
        );
    }
    return { ok: true };
  });

  app.get('/auth/reset-password', async (request) => {
    const { token } = parseInput(ResetPasswordRequestSchema.pick({ token: true }), request.query);
    const reset = await findValidReset(db, token);
    const user = reset ? await findUserById(db, reset.user_id) : undefined;
    if (!user)
      throw new HttpError(
        410,
        'This reset link has expired or was already used. Ask for a new one.',
      );
    return { ok: true, data: { username: user.username } };
  });

  app.post('/auth/reset-password', async (request) => {
    const { token, password } = parseInput(ResetPasswordRequestSchema, request.body);
    const passwordHash = await hashPassword(password);
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeReset(tx, token);
      if (owner === undefined) return undefined;
      await updatePasswordHash(tx, owner, passwordHash);
      await deleteUserSessions(tx, owner);
      return owner;
    });
    if (userId === undefined) {
      throw new HttpError(
        410,
        'This reset link has expired or was already used. Ask for a new one.',
      );
    }
    return { ok: true };
  });

  // The profile screen's form (section_profile), and the form a user signed in with a
  // one-time password must fill in whatever their role.
  app.post(
    '/api/users/me/password',
    {
      preHandler: async (request, reply) => {
        if (request.user?.must_change_password) return;
        await requirePermission('section_profile')(request, reply);
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const input = parseInput(ChangePasswordRequestSchema, request.body);
      if (!(await verifyPassword(input.current_password, user.password_hash))) {
        throw new HttpError(422, 'current_password: The current password is not correct', {
          current_password: 'The current password is not correct',
        });
      }
      await updatePasswordHash(db, user.id, await hashPassword(input.new_password));
      // Other devices signed in with the old password are signed out.
      await deleteUserSessions(db, user.id, request.sessionId ?? undefined);
      return { ok: true };
    },
  );

  app.get('/api/csrf-token', async (_request, reply) => ({ ok: true, data: reply.generateCsrf() }));
}
