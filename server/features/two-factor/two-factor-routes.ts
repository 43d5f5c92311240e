import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TWO_FACTOR_TEXTS,
  twoFactorEndpoints,
  type VerifyRequest,
} from '../../../src/contract/two-factor';
import type { Database } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { CookiePolicy } from '../../http/session';
import type { SocketServer } from '../../sockets/socket-server';
import { recordAudit } from '../audit/audit-repository';
import { recordLoginAttempt } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password-hasher';
import type { SessionPolicy } from '../auth/session-repository';
import { completeSignIn } from '../auth/sign-in';
import { ensureMayChangeRole, ensureMayManage } from '../users/people-rules';
import { lockRole, findRole, userIdsWithRole } from '../users/role-repository';
import { findUserRow } from '../users/user-list-repository';
import { findUserById, lockUser, type UserRecord } from '../users/user-repository';
import {
  challengeOwner,
  confirmTwoFactor,
  deleteTwoFactor,
  findTwoFactor,
  lockTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingSecret,
  setRoleRequiresTwoFactor,
  spendChallenge,
  spendRecoveryCode,
  spendStep,
} from './two-factor-repository';
import { codeAccepted, forgetCodeAttempts, reserveCodeAttempt } from './two-factor-throttle';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  otpauthUri,
  qrSvg,
} from './totp';

export interface TwoFactorRoutesDeps {
  db: Database;
  sessionPolicy: SessionPolicy;
  cookies: CookiePolicy;
  sockets: Pick<SocketServer, 'refreshUsers'>;
  endSocketSessions(sessionHashes: readonly string[]): void;
}

function actorOf(request: FastifyRequest, user: { id: number; username: string }) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

function throttled(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    TWO_FACTOR_TEXTS.throttled(retryAfterSeconds),
    undefined,
    'rate_limited',
    retryAfterSeconds,
  );
}

/** Thrown inside a transaction to roll back what a wrong code would otherwise have spent. */
class WrongCode extends Error {}

export function twoFactorRoutes(app: FastifyInstance, deps: TwoFactorRoutesDeps): void {
  const { db } = deps;

  /**
   * Proof that the owner is at the keyboard before turning protection down: their password or
   * a current code, counted by the code throttle before it is checked.
   */
  const verifyOwner = async (request: FastifyRequest, user: UserRecord, proof: VerifyRequest) => {
    const reservation = await reserveCodeAttempt(db, user.id, request.ip);
    if (!reservation.granted) throw throttled(reservation.retryAfterSeconds);
    if (proof.password) {
      if (!(await verifyPassword(proof.password, user.password_hash))) {
        throw new HttpError(422, TWO_FACTOR_TEXTS.wrongPassword, {
          password: TWO_FACTOR_TEXTS.wrongPassword,
        });
      }
    } else {
      const stored = await findTwoFactor(db, user.id);
      const step = stored?.confirmed_at ? matchingStep(stored.secret, proof.code ?? '') : undefined;
      if (step === undefined || !(await spendStep(db, user.id, step))) {
        throw new HttpError(422, TWO_FACTOR_TEXTS.wrongCode, { code: TWO_FACTOR_TEXTS.wrongCode });
      }
    }
    await codeAccepted(db, user.id, request.ip);
  };

  const requireEnabled = async (userId: number) => {
    const stored = await findTwoFactor(db, userId);
    if (!stored?.confirmed_at) throw new HttpError(409, TWO_FACTOR_TEXTS.notEnabled);
  };

  registerEndpoint(app, twoFactorEndpoints.status, async ({ user }) => {
    const stored = await findTwoFactor(db, user.id);
    const enabled = Boolean(stored?.confirmed_at);
    return {
      ok: true,
      data: {
        enabled,
        enabled_at: stored?.confirmed_at ? new Date(stored.confirmed_at).toISOString() : null,
        recovery_codes_left: enabled ? await recoveryCodesLeft(db, user.id) : 0,
        required: user.two_factor_setup_required || (enabled && (await roleRequires(user))),
      },
    };
  });

  const roleRequires = async (user: UserRecord) =>
    (await findRole(db, user.role_id))?.requires_two_factor ?? false;

  registerEndpoint(app, twoFactorEndpoints.startSetup, async ({ user }) => {
    const secret = newTotpSecret();
    if (!(await savePendingSecret(db, user.id, secret))) {
      throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnabled);
    }
    const uri = otpauthUri(secret, user.username);
    return { ok: true, data: { uri, secret, qr_svg: await qrSvg(uri) } };
  });

  registerEndpoint(app, twoFactorEndpoints.confirmSetup, async ({ user, body, request }) => {
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const stored = await lockTwoFactor(tx, user.id);
      if (!stored) throw new HttpError(409, TWO_FACTOR_TEXTS.notPending);
      if (stored.confirmed_at) throw new HttpError(409, TWO_FACTOR_TEXTS.alreadyEnabled);
      // Whoever holds this session already holds the key: a guess here gains nothing, so
      // confirmation is not throttled.
      const step = matchingStep(stored.secret, body.code);
      if (step === undefined) {
        throw new HttpError(422, TWO_FACTOR_TEXTS.wrongCode, { code: TWO_FACTOR_TEXTS.wrongCode });
      }
      await confirmTwoFactor(tx, user.id, step);
      await replaceRecoveryCodes(tx, user.id, codes.map(normalRecoveryCode));
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'two_factor.enable',
        target: { type: 'user', id: user.id },
        details: { username: user.username },
      });
    });
    // Their console reads the user again: a setup gate, if there was one, is gone.
    await deps.sockets.refreshUsers([user.id]);
    return { ok: true, data: { recovery_codes: codes } };
  });

  registerEndpoint(app, twoFactorEndpoints.disable, async ({ user, body, request }) => {
    await requireEnabled(user.id);
    await verifyOwner(request, user, body);
    await db.transaction(async (tx) => {
      if (!(await deleteTwoFactor(tx, user.id))) return;
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'two_factor.disable',
        target: { type: 'user', id: user.id },
        details: { username: user.username, proof: body.password ? 'password' : 'code' },
      });
    });
    await deps.sockets.refreshUsers([user.id]);
    return { ok: true };
  });

  registerEndpoint(
    app,
    twoFactorEndpoints.regenerateRecoveryCodes,
    async ({ user, body, request }) => {
      await requireEnabled(user.id);
      await verifyOwner(request, user, body);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const stored = await lockTwoFactor(tx, user.id);
        if (!stored?.confirmed_at) throw new HttpError(409, TWO_FACTOR_TEXTS.notEnabled);
        await replaceRecoveryCodes(tx, user.id, codes.map(normalRecoveryCode));
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'two_factor.recovery_codes',
          target: { type: 'user', id: user.id },
          details: { username: user.username },
        });
      });
      return { ok: true, data: { recovery_codes: codes } };
    },
  );

  registerEndpoint(app, twoFactorEndpoints.secondFactor, async ({ request, reply, body }) => {
    const gone = () => new HttpError(410, TWO_FACTOR_TEXTS.challengeGone);
    const ownerId = await challengeOwner(db, body.challenge);
    if (ownerId === undefined) throw gone();
    const reservation = await reserveCodeAttempt(db, ownerId, request.ip);
    if (!reservation.granted) throw throttled(reservation.retryAfterSeconds);
    const owner = await findUserById(db, ownerId);
    if (!owner || owner.disabled) throw gone();
    const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
    const attempt = (success: boolean, reason: string | null) =>
      recordLoginAttempt(db, {
        userId: owner.id,
        username: owner.username,
        ...client,
        success,
        reason,
      });

    // The challenge and the code are spent together, or neither: a wrong code leaves the
    // challenge for the next try, a right one cannot be replayed with the same challenge.
    let spent: { remember: boolean } | undefined;
    try {
      spent = await db.transaction(async (tx) => {
        const challenge = await spendChallenge(tx, body.challenge);
        if (challenge?.user_id !== owner.id) return undefined;
        if (body.recovery) {
          if (!(await spendRecoveryCode(tx, owner.id, normalRecoveryCode(body.code)))) {
            throw new WrongCode();
          }
          await recordAudit(tx, {
            ...actorOf(request, owner),
            action: 'two_factor.recovery_used',
            target: { type: 'user', id: owner.id },
            details: { username: owner.username, left: await recoveryCodesLeft(tx, owner.id) },
          });
          return challenge;
        }
        const stored = await findTwoFactor(tx, owner.id);
        const step = stored?.confirmed_at
          ? matchingStep(stored.secret, body.code.replace(/\s+/g, ''))
          : undefined;
        if (step === undefined || !(await spendStep(tx, owner.id, step))) throw new WrongCode();
        return challenge;
      });
    } catch (error) {
      if (!(error instanceof WrongCode)) throw error;
      await attempt(false, body.recovery ? 'wrong recovery code' : 'wrong code');
      throw new HttpError(401, TWO_FACTOR_TEXTS.wrongCode, { code: TWO_FACTOR_TEXTS.wrongCode });
    }
    if (!spent) throw gone();
    await codeAccepted(db, owner.id, request.ip);
    await attempt(true, null);
    const redirect = await completeSignIn(deps, request, reply, owner, spent.remember);
    return { ok: true, redirect };
  });

  registerEndpoint(
    app,
    twoFactorEndpoints.adminReset,
    async ({ params: { id }, user, request }) => {
      await db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw new HttpError(404, `There is no user with id ${id}.`);
        ensureMayManage(user, target);
        if (!(await deleteTwoFactor(tx, id))) {
          throw new HttpError(409, `${target.username} has no two-factor sign-in to reset.`);
        }
        await forgetCodeAttempts(tx, id);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'two_factor.reset',
          target: { type: 'user', id },
          details: { username: target.username },
        });
      });
      // A signed-in user whose role requires two factors is now sent to set them up again.
      await deps.sockets.refreshUsers([id]);
      const row = await findUserRow(db, id);
      if (!row) throw new HttpError(404, `There is no user with id ${id}.`);
      return { ok: true, data: row };
    },
  );

  registerEndpoint(app, twoFactorEndpoints.setRoleRequirement, async ({ body, user, request }) => {
    const changed = await db.transaction(async (tx) => {
      const role = await lockRole(tx, body.role_id);
      if (!role) throw new HttpError(404, `There is no role with id ${body.role_id}.`);
      ensureMayChangeRole(user, role, role.permissions);
      if (role.requires_two_factor === body.required) {
        // Stored even when it matches the default: the administrator's choice stays if the
        // role's permissions change later.
        await setRoleRequiresTwoFactor(tx, role.id, body.required);
        return false;
      }
      await setRoleRequiresTwoFactor(tx, role.id, body.required);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'role.two_factor',
        target: { type: 'role', id: role.id },
        details: {
          role: role.name,
          requires_two_factor: { from: !body.required, to: body.required },
        },
      });
      return true;
    });
    if (changed) await deps.sockets.refreshUsers(await userIdsWithRole(db, body.role_id));
    const role = await findRole(db, body.role_id);
    if (!role) throw new HttpError(404, `There is no role with id ${body.role_id}.`);
    return { ok: true, data: role };
  });
}
