import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_TEXTS, authEndpoints } from '../../../src/contract/auth';
import { CHALLENGE_MINUTES } from '../../../src/contract/two-factor';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { type CookiePolicy, sessionCookieOptions } from '../../http/session';
import type { Mailer } from '../mail/mailer';
import { createChallenge } from '../two-factor/two-factor-repository';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  toCurrentUser,
  updatePasswordHash,
} from '../users/user-repository';
import {
  loginNotAttempted,
  loginSucceeded,
  recordLoginAttempt,
  reserveLoginAttempt,
  throttleMessage,
} from './login-throttle';
import { decoyHash, hashPassword, verifyPassword } from './password-hasher';
import { reserve } from './rate-limits';
import { resetLimits, resetThrottleMessage } from './reset-throttle';
import {
  RESET_LINK_LIFETIME_MINUTES,
  consumeReset,
  createPasswordReset,
  findValidReset,
} from './password-reset-repository';
import { endAuditedSession } from './session-audit';
import { hashSecret } from './tokens';
import { deleteUserSessions, type SessionPolicy } from './session-repository';
import { completeSignIn } from './sign-in';
import { readWellbeingPrefs } from '../wellbeing/wellbeing-repository';

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  sessionPolicy: SessionPolicy;
  cookies: CookiePolicy;
  /** Where mailed links may point (server/http/origins.ts); undefined: send no link. */
  linkOrigin(request: FastifyRequest): string | undefined;
  /** Closes the sockets of ended sessions on every process (sockets/socket-server.ts). */
  endSocketSessions(sessionHashes: readonly string[]): void;
}

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { db, mailer, sessionPolicy, cookies } = deps;

  // With the wellbeing choices, so the console treats media from the first frame it draws.
  registerEndpoint(app, authEndpoints.currentUser, async ({ user }) => ({
    ok: true,
    data: { ...toCurrentUser(user), wellbeing: await readWellbeingPrefs(db, user.id) },
  }));

  registerEndpoint(app, authEndpoints.login, async ({ request, reply, body }) => {
    const { username, password, remember } = body;
    const client = clientOf(request);
    // Counted before the hash, in one transaction: parallel guesses cannot all pass the check.
    const reservation = await reserveLoginAttempt(db, username, client.ip);
    if (!reservation.granted) {
      await recordLoginAttempt(db, {
        userId: null,
        username,
        ...client,
        success: false,
        reason: 'throttled',
      });
      throw new HttpError(
        429,
        throttleMessage(reservation.retryAfterSeconds),
        undefined,
        'rate_limited',
        reservation.retryAfterSeconds,
      );
    }
    let user: Awaited<ReturnType<typeof findUserByUsername>>;
    let passwordMatches: boolean;
    try {
      user = await findUserByUsername(db, username);
      passwordMatches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    } catch (error) {
      // No verdict (no hash slot free, database gone): the attempt does not count against anyone.
      await loginNotAttempted(db, reservation).catch(() => undefined);
      throw error;
    }
    const reason = !user
      ? 'unknown user'
      : user.disabled
        ? 'disabled'
        : passwordMatches
          ? null
          : 'wrong password';
    // A right password of a user with two factors is not a sign-in yet: the second step
    // records the outcome.
    if (reason !== null || !user?.two_factor_enabled) {
      await recordLoginAttempt(db, {
        userId: user?.id ?? null,
        username,
        ...client,
        success: reason === null,
        reason,
      });
    }
    if (!user || reason !== null) throw new HttpError(401, LOGIN_TEXTS.invalidCredentials);
    await loginSucceeded(db, reservation);

    if (user.two_factor_enabled) {
      // The password alone opens nothing: the session waits for the second factor, whose
      // attempts (and its line in the login history) belong to that step. The challenge keeps
      // "remember me" for the cookie the second step sets.
      const challenge = await createChallenge(db, user.id, remember === true);
      return {
        ok: true,
        second_factor: { challenge, expires_in_seconds: CHALLENGE_MINUTES * 60 },
      };
    }
    const redirect = await completeSignIn(
      { db, sessionPolicy, cookies, endSocketSessions: deps.endSocketSessions },
      request,
      reply,
      user,
      remember === true,
    );
    return { ok: true, redirect };
  });

  registerEndpoint(app, authEndpoints.logout, async ({ request, reply }) => {
    const sessionId = request.cookies[cookies.session];
    if (sessionId) {
      await endAuditedSession(db, sessionId, request.user, request.ip);
      deps.endSocketSessions([hashSecret(sessionId)]);
    }
    reply.clearCookie(cookies.session, sessionCookieOptions(request, cookies));
    return { ok: true };
  });

  // Work that goes on after the answer (reset mail); closing the server waits for it.
  const background = new Set<Promise<void>>();
  const afterAnswering = (work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((error: unknown) => app.log.error({ err: error }, 'password reset failed'))
      .finally(() => background.delete(task));
    background.add(task);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...background]);
  });

  const sendResetLink = async (email: string, origin: string, log: FastifyBaseLogger) => {
    const user = await findUserByEmail(db, email);
    if (!user || user.disabled || !user.email) return;
    const token = await createPasswordReset(db, user.id);
    const link = `${origin}/reset-password?token=${token}`;
    // A mail failure is logged and recorded in outbound_emails by the mailer.
    await mailer
      .send({
        to: user.email,
        subject: 'Reset your Moderation Console password',
        text: `A password reset was requested for ${user.username}. Open ${link} within ${RESET_LINK_LIFETIME_MINUTES} minutes to choose a new password. If you did not ask for this, ignore this message.`,
        secrets: [token],
      })
      .then(
        () => log.info({ userId: user.id }, 'password reset link issued'),
        () => undefined,
      );
  };

  registerEndpoint(app, authEndpoints.forgotPassword, async ({ request, body }) => {
    const { email } = body;
    const reservation = await reserve(db, resetLimits(email, request.ip));
    if (!reservation.granted) {
      throw new HttpError(
        429,
        resetThrottleMessage(reservation.retryAfterSeconds),
        undefined,
        'rate_limited',
        reservation.retryAfterSeconds,
      );
    }
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
    // The account is looked up only after the answer has left, so a known address and an
    // unknown one are answered in the same time and the answer reveals no accounts.
    afterAnswering(() => sendResetLink(email, origin, request.log));
    return { ok: true };
  });

  registerEndpoint(app, authEndpoints.resetTokenStatus, async ({ query }) => {
    const { token } = query;
    const reset = await findValidReset(db, token);
    const user = reset ? await findUserById(db, reset.user_id) : undefined;
    if (!user)
      throw new HttpError(
        410,
        'This reset link has expired or was already used. Ask for a new one.',
      );
    return { ok: true, data: { username: user.username } };
  });

  registerEndpoint(app, authEndpoints.resetPassword, async ({ body }) => {
    const { token, password } = body;
    const passwordHash = await hashPassword(password);
    const ended = await db.transaction(async (tx) => {
      const owner = await consumeReset(tx, token);
      if (owner === undefined) return undefined;
      await updatePasswordHash(tx, owner, passwordHash);
      return deleteUserSessions(tx, owner);
    });
    if (ended === undefined) {
      throw new HttpError(
        410,
        'This reset link has expired or was already used. Ask for a new one.',
      );
    }
    deps.endSocketSessions(ended);
    return { ok: true };
  });

  registerEndpoint(app, authEndpoints.changePassword, async ({ request, user, body: input }) => {
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throw new HttpError(422, 'current_password: The current password is not correct', {
        current_password: 'The current password is not correct',
      });
    }
    await updatePasswordHash(db, user.id, await hashPassword(input.new_password));
    // Other devices signed in with the old password are signed out.
    deps.endSocketSessions(await deleteUserSessions(db, user.id, request.sessionId ?? undefined));
    return { ok: true };
  });

  registerEndpoint(app, authEndpoints.csrfToken, async ({ reply }) => ({
    ok: true,
    data: reply.generateCsrf(),
  }));
}
