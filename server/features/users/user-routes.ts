import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INVITATION_LINK_LIFETIME_HOURS,
  USER_TEXTS,
  userEndpoints,
  type AccountAccess,
  type UserRow,
} from '../../../src/contract/users';
import type { Database, Queryable } from '../../db/database';
import { inBatches, sendCsv, type CsvColumn } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { SocketServer } from '../../sockets/socket-server';
import type { SettingsRegistry } from '../settings/settings-registry';
import { recordAudit, type AuditEntry } from '../audit/audit-repository';
import {
  linkedServiceIds,
  serviceChoices,
  setLinkedServices,
  unknownServiceIds,
} from './linked-services-repository';
import { clearUsernameLock } from '../auth/login-throttle';
import { hashPassword } from '../auth/password-hasher';
import { createPasswordReset } from '../auth/password-reset-repository';
import { deleteUserSessions } from '../auth/session-repository';
import { newOneTimePassword, newSecret } from '../auth/tokens';
import type { Mailer } from '../mail/mailer';
import { releaseUserContents } from '../moderation/content-repository';
import { clearModeration } from '../moderation/presence-repository';
import type { ModerationSocket } from '../moderation/moderation-socket';
import { ensureMayGiveRole, ensureMayManage, isUniqueViolation } from './people-rules';
import { findRole, listRoles } from './role-repository';
import {
  exportUsersBatch,
  findUserRow,
  listUsers,
  type UserCursor,
  type UserFilter,
} from './user-list-repository';
import {
  createUser,
  emailTaken,
  findUserById,
  lockActiveAdmins,
  lockUser,
  setOneTimePassword,
  setUserDisabled,
  updateUser,
  usernameTaken,
  type UserRecord,
} from './user-repository';

/**
 * The /users calls. Every change runs in one transaction with its audit row, so the log never
 * claims a change that did not happen and no change happens without its row. Rules are in
 * src/contract/users.ts; the ones that need the database are kept here:
 * - the last active administrator and one's own account: every change that could remove an
 *   administrator first locks the rows of all active administrators (always in that order,
 *   before the target's row), so two administrators acting on each other at once queue up and
 *   the second sees the first's change;
 * - deactivation ends the user's sessions, returns their leased items to the queue and clears
 *   their moderation in the same transaction, then signs out their sockets on every process;
 * - a change of role, max content or batch mode is pushed into the user's open sockets and
 *   their console (SocketServer.refreshUsers), so it applies without a new sign-in.
 */
/** Where mailed links may point (server/http/origins.ts); undefined: no link can be mailed. */
export type LinkOrigin = (request: FastifyRequest) => string | undefined;

export interface UserRoutesDeps {
  db: Database;
  mailer: Mailer;
  sockets: Pick<SocketServer, 'refreshUsers'>;
  moderation: Pick<ModerationSocket, 'kick'>;
  linkOrigin: LinkOrigin;
  settings: Pick<SettingsRegistry, 'get'>;
}

const INVITATION_MINUTES = INVITATION_LINK_LIFETIME_HOURS * 60;

const NO_LINK_ORIGIN =
  'Links cannot be mailed from this address of the console: set PUBLIC_URL (or list this address in ALLOWED_ORIGINS), or open the console at its public address.';

function actorOf(request: FastifyRequest, user: UserRecord): Pick<AuditEntry, 'actor' | 'ip'> {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

const CSV_COLUMNS: CsvColumn<UserRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'username', value: (row) => row.username },
  { header: 'first_name', value: (row) => row.first_name },
  { header: 'last_name', value: (row) => row.last_name },
  { header: 'email', value: (row) => row.email },
  { header: 'role', value: (row) => row.role },
  { header: 'max_content', value: (row) => row.max_content },
  { header: 'batch_mode', value: (row) => row.is_batch_moderator },
  { header: 'active', value: (row) => row.active },
  { header: 'must_change_password', value: (row) => row.must_change_password },
  { header: 'last_sign_in_utc', value: (row) => row.last_sign_in_at },
  { header: 'locked', value: (row) => row.locked },
  { header: 'created_utc', value: (row) => row.created_at },
  { header: 'linked_service_ids', value: (row) => row.service_ids.join(' ') },
];

async function requireUserRow(db: Queryable, id: number): Promise<UserRow> {
  const row = await findUserRow(db, id);
  if (!row) throw new HttpError(404, `There is no user with id ${id}.`);
  return row;
}

async function requireTarget(db: Queryable, id: number): Promise<UserRecord> {
  const target = await lockUser(db, id);
  if (!target) throw new HttpError(404, `There is no user with id ${id}.`);
  return target;
}

async function requireRole(db: Queryable, roleId: number) {
  const role = await findRole(db, roleId);
  if (!role) throw new HttpError(422, 'Choose a role', { role_id: 'There is no such role.' });
  return role;
}

/** 422 naming the first linked service that does not exist. */
async function requireServices(db: Queryable, ids: readonly number[]): Promise<void> {
  const [unknown] = await unknownServiceIds(db, ids);
  if (unknown !== undefined) {
    const message = USER_TEXTS.unknownService(unknown);
    throw new HttpError(422, message, { service_ids: message });
  }
}

/** 409 naming the field when the username or email belongs to someone else. */
async function ensureUnique(
  db: Queryable,
  input: { username: string; email: string | null },
  exceptId?: number,
): Promise<void> {
  if (await usernameTaken(db, input.username, exceptId)) {
    throw new HttpError(409, USER_TEXTS.duplicateUsername, {
      username: USER_TEXTS.duplicateUsername,
    });
  }
  if (input.email && (await emailTaken(db, input.email, exceptId))) {
    throw new HttpError(409, USER_TEXTS.duplicateEmail, { email: USER_TEXTS.duplicateEmail });
  }
}

/** A concurrent change took the name between the check and the write: the same 409. */
function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const detail = String((error as { detail?: unknown }).detail ?? '');
    const field = detail.includes('email') ? 'email' : 'username';
    const message = field === 'email' ? USER_TEXTS.duplicateEmail : USER_TEXTS.duplicateUsername;
    throw new HttpError(409, message, { [field]: message });
  }
  throw error;
}

function isActiveAdmin(target: UserRecord): boolean {
  return target.role === 'admin' && !target.disabled;
}

export function userRoutes(app: FastifyInstance, deps: UserRoutesDeps): void {
  const { db, mailer } = deps;

  /** The origin for a mailed link; 409 before anything changes when there is none. */
  const requireLinkOrigin = (request: FastifyRequest): string => {
    const origin = deps.linkOrigin(request);
    if (origin === undefined) throw new HttpError(409, NO_LINK_ORIGIN);
    return origin;
  };

  const mailLink = async (
    origin: string,
    user: { username: string; email: string },
    token: string,
    kind: 'invitation' | 'reset',
  ): Promise<boolean> => {
    const link = `${origin}/reset-password?token=${token}`;
    const message =
      kind === 'invitation'
        ? {
            subject: 'Your Moderation Console account',
            text: `An account ${user.username} was created for you on the Moderation Console. Open ${link} within ${INVITATION_LINK_LIFETIME_HOURS} hours to choose your password, then sign in as ${user.username}.`,
          }
        : {
            subject: 'Reset your Moderation Console password',
            text: `An administrator asked for a password reset for ${user.username}. Open ${link} within ${INVITATION_LINK_LIFETIME_HOURS} hours to choose a new password.`,
          };
    try {
      await mailer.send({ to: user.email, ...message });
      return true;
    } catch {
      // The mailer logged it and marked the outbound_emails row; the answer says it failed.
      return false;
    }
  };

  registerEndpoint(app, userEndpoints.list, async ({ query }) => {
    const filter: UserFilter = {
      search: query.search || undefined,
      roleId: query.role_id,
      active: query.active,
      batch: query.batch,
    };
    const { rows, total, capped } = await listUsers(db, {
      filter,
      sort: query.sort,
      order: query.order,
      page: query.page,
      perPage: query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, userEndpoints.export, async ({ query, reply }) => {
    const filter: UserFilter = {
      search: query.search || undefined,
      roleId: query.role_id,
      active: query.active,
      batch: query.batch,
    };
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(
      reply,
      `users-${day}.csv`,
      CSV_COLUMNS,
      inBatches<UserRow, UserCursor>(
        (after) => exportUsersBatch(db, filter, after),
        (row) => ({ username: row.username, id: row.id }),
      ),
    );
  });

  registerEndpoint(app, userEndpoints.options, async () => {
    const [roles, services] = await Promise.all([listRoles(db), serviceChoices(db)]);
    return {
      ok: true,
      data: {
        roles: roles.map((role) => ({
          id: role.id,
          name: role.name,
          reads_linked_services: role.permissions.includes('section_customer_moderation'),
        })),
        services,
        mail_enabled: mailer.delivers,
        default_max_content: deps.settings.get('default_max_content'),
      },
    };
  });

  registerEndpoint(app, userEndpoints.create, async ({ body, user, request }) => {
    const role = await requireRole(db, body.role_id);
    ensureMayGiveRole(user, role);
    if (mailer.delivers && !body.email) {
      throw new HttpError(422, USER_TEXTS.emailNeededForInvitation, {
        email: USER_TEXTS.emailNeededForInvitation,
      });
    }
    const origin = mailer.delivers ? requireLinkOrigin(request) : undefined;
    // Hashing is slow on purpose: done before the transaction so it holds no locks meanwhile.
    // With mail the account's password is a random secret nobody knows until the user picks one.
    const oneTimePassword = mailer.delivers ? undefined : newOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword ?? newSecret());
    const created = await db
      .transaction(async (tx) => {
        await ensureUnique(tx, body);
        await requireServices(tx, body.service_ids);
        const id = await createUser(tx, {
          username: body.username,
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          role: role.name,
          password_hash: passwordHash,
          max_content: body.max_content,
          is_batch_moderator: body.is_batch_moderator,
          disabled: !body.active,
          must_change_password: oneTimePassword !== undefined,
        });
        await setLinkedServices(tx, id, body.service_ids);
        const token = mailer.delivers
          ? await createPasswordReset(tx, id, INVITATION_MINUTES)
          : undefined;
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'user.create',
          target: { type: 'user', id },
          details: {
            username: body.username,
            role: role.name,
            max_content: body.max_content,
            is_batch_moderator: body.is_batch_moderator,
            active: body.active,
            service_ids: body.service_ids,
            access: oneTimePassword ? 'one_time_password' : 'invitation',
          },
        });
        return { id, token };
      })
      .catch(uniqueConflict);

    let access: AccountAccess;
    if (oneTimePassword) {
      access = { method: 'one_time_password', password: oneTimePassword };
    } else {
      const email = body.email ?? '';
      const sent =
        created.token && origin
          ? await mailLink(origin, { username: body.username, email }, created.token, 'invitation')
          : false;
      access = { method: 'mail', email, sent };
    }
    return { ok: true, data: { user: await requireUserRow(db, created.id), access } };
  });

  registerEndpoint(app, userEndpoints.update, async ({ params: { id }, body, user, request }) => {
    const outcome = await db
      .transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const target = await requireTarget(tx, id);
        ensureMayManage(user, target);
        const role = await requireRole(tx, body.role_id);
        const roleChanges = role.id !== target.role_id;
        if (roleChanges) {
          if (target.id === user.id) {
            throw new HttpError(422, USER_TEXTS.ownRole, { role_id: USER_TEXTS.ownRole });
          }
          ensureMayGiveRole(user, role);
          const othersLeft = admins.filter((adminId) => adminId !== target.id);
          if (isActiveAdmin(target) && role.name !== 'admin' && othersLeft.length === 0) {
            throw new HttpError(409, USER_TEXTS.lastAdmin, { role_id: USER_TEXTS.lastAdmin });
          }
        }
        await ensureUnique(tx, body, target.id);
        await requireServices(tx, body.service_ids);
        const before = {
          username: target.username,
          first_name: target.first_name,
          last_name: target.last_name,
          email: target.email,
          role: target.role,
          max_content: target.max_content,
          is_batch_moderator: target.is_batch_moderator,
          service_ids: await linkedServiceIds(tx, target.id),
        };
        const after = { ...body, role: role.name };
        // Values are text, numbers, booleans and the sorted id list: equal when their JSON is.
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        const changed = Object.fromEntries(
          Object.entries(before)
            .filter(([key, value]) => !same(after[key as keyof typeof after], value))
            .map(([key, value]) => [key, { from: value, to: after[key as keyof typeof after] }]),
        );
        await updateUser(tx, target.id, body);
        await setLinkedServices(tx, target.id, body.service_ids);
        if (Object.keys(changed).length > 0) {
          await recordAudit(tx, {
            ...actorOf(request, user),
            action: 'user.update',
            target: { type: 'user', id: target.id },
            details: { username: body.username, changed },
          });
        }
        return { changed: Object.keys(changed).length > 0 };
      })
      .catch(uniqueConflict);
    // Role, max content, mode, names: the user's sockets and console pick them up now.
    if (outcome.changed) await deps.sockets.refreshUsers([id]);
    return { ok: true, data: await requireUserRow(db, id) };
  });

  registerEndpoint(app, userEndpoints.deactivate, async ({ params: { id }, user, request }) => {
    await db.transaction(async (tx) => {
      const admins = await lockActiveAdmins(tx);
      const target = await requireTarget(tx, id);
      if (target.id === user.id) throw new HttpError(409, USER_TEXTS.ownAccountDeactivate);
      ensureMayManage(user, target);
      if (target.disabled) throw new HttpError(409, `${target.username} is already deactivated.`);
      if (isActiveAdmin(target) && admins.every((adminId) => adminId === target.id)) {
        throw new HttpError(409, USER_TEXTS.lastAdmin);
      }
      await setUserDisabled(tx, target.id, true);
      await deleteUserSessions(tx, target.id);
      await clearModeration(tx, target.id);
      const released = await releaseUserContents(tx, target.id, 'deactivated');
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'user.deactivate',
        target: { type: 'user', id: target.id },
        details: { username: target.username, released_items: released },
      });
    });
    // Committed: their sockets on every process are told to sign out and closed.
    await deps.moderation.kick(id);
    return { ok: true, data: await requireUserRow(db, id) };
  });

  registerEndpoint(app, userEndpoints.activate, async ({ params: { id }, user, request }) => {
    await db.transaction(async (tx) => {
      const target = await requireTarget(tx, id);
      ensureMayManage(user, target);
      if (!target.disabled) throw new HttpError(409, `${target.username} is already active.`);
      await setUserDisabled(tx, target.id, false);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'user.activate',
        target: { type: 'user', id: target.id },
        details: { username: target.username },
      });
    });
    return { ok: true, data: await requireUserRow(db, id) };
  });

  registerEndpoint(app, userEndpoints.resetPassword, async ({ params: { id }, user, request }) => {
    const target = await findUserById(db, id);
    if (!target) throw new HttpError(404, `There is no user with id ${id}.`);
    ensureMayManage(user, target);
    if (target.disabled) {
      throw new HttpError(409, `${target.username} is deactivated: reactivate them first.`);
    }
    let access: AccountAccess;
    if (mailer.delivers) {
      const email = target.email;
      if (!email) throw new HttpError(409, USER_TEXTS.emailNeededForReset);
      const origin = requireLinkOrigin(request);
      const token = await db.transaction(async (tx) => {
        const link = await createPasswordReset(tx, id, INVITATION_MINUTES);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'user.reset_mail',
          target: { type: 'user', id },
          details: { username: target.username, method: 'mail' },
        });
        return link;
      });
      const sent = await mailLink(origin, { username: target.username, email }, token, 'reset');
      access = { method: 'mail', email, sent };
    } else {
      // No mail leaves this server: the administrator passes on a one-time password instead.
      // The old password stops working at once and every session of the user ends.
      const password = newOneTimePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await setOneTimePassword(tx, id, passwordHash);
        await deleteUserSessions(tx, id);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'user.reset_mail',
          target: { type: 'user', id },
          details: { username: target.username, method: 'one_time_password' },
        });
      });
      await deps.moderation.kick(id);
      access = { method: 'one_time_password', password };
    }
    return { ok: true, data: { user: await requireUserRow(db, id), access } };
  });

  registerEndpoint(app, userEndpoints.unlock, async ({ params: { id }, user, request }) => {
    await db.transaction(async (tx) => {
      const target = await requireTarget(tx, id);
      ensureMayManage(user, target);
      await clearUsernameLock(tx, target.username);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'user.unlock',
        target: { type: 'user', id: target.id },
        details: { username: target.username },
      });
    });
    return { ok: true, data: await requireUserRow(db, id) };
  });
}
