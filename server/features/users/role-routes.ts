import type { FastifyInstance, FastifyRequest } from 'fastify';
import { essentialPermissionsOf, isBuiltInRole } from '../../../src/contract/permissions';
import { ROLE_TEXTS, roleEndpoints, type RoleRow } from '../../../src/contract/roles';
import type { Database, Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { SocketServer } from '../../sockets/socket-server';
import { recordAudit } from '../audit/audit-repository';
import { ensureMayChangeRole, isUniqueViolation, missingFrom } from './people-rules';
import {
  deleteUnusedRole,
  findRole,
  insertRole,
  listRoles,
  lockRole,
  roleNameTaken,
  setRolePermissions,
  updateRole,
  userIdsWithRole,
} from './role-repository';
import type { UserRecord } from './user-repository';

/**
 * The /roles-and-permissions calls. Each change and its audit row commit together. A change of
 * a role's permissions or name reaches its signed-in users at once: HTTP requests read the
 * user's permissions from the database on every request, and SocketServer.refreshUsers updates
 * their open sockets and tells their consoles to reload the user (navigation included).
 */
export interface RoleRoutesDeps {
  db: Database;
  sockets: Pick<SocketServer, 'refreshUsers'>;
}

function actorOf(request: FastifyRequest, user: UserRecord) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

async function requireLockedRole(db: Queryable, id: number): Promise<RoleRow> {
  const role = await lockRole(db, id);
  if (!role) throw new HttpError(404, `There is no role with id ${id}.`);
  return role;
}

async function ensureNameFree(db: Queryable, name: string, exceptId?: number): Promise<void> {
  if (await roleNameTaken(db, name, exceptId)) {
    throw new HttpError(409, ROLE_TEXTS.duplicateName, { name: ROLE_TEXTS.duplicateName });
  }
}

function nameConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, ROLE_TEXTS.duplicateName, { name: ROLE_TEXTS.duplicateName });
  }
  throw error;
}

export function roleRoutes(app: FastifyInstance, deps: RoleRoutesDeps): void {
  const { db } = deps;

  const tellUsersOf = async (roleId: number) => {
    await deps.sockets.refreshUsers(await userIdsWithRole(db, roleId));
  };

  registerEndpoint(app, roleEndpoints.list, async () => ({ ok: true, data: await listRoles(db) }));

  registerEndpoint(app, roleEndpoints.add, async ({ body, user, request }) => {
    let permissions: readonly string[] = [];
    let copiedFrom: string | undefined;
    if (body.copy_from_role_id !== undefined) {
      const source = await findRole(db, body.copy_from_role_id);
      if (!source) {
        throw new HttpError(422, 'Choose the role to copy', {
          copy_from_role_id: 'There is no such role.',
        });
      }
      permissions = source.permissions;
      copiedFrom = source.name;
    }
    ensureMayChangeRole(user, { name: body.name }, permissions);
    const id = await db
      .transaction(async (tx) => {
        await ensureNameFree(tx, body.name);
        const roleId = await insertRole(tx, { ...body, permissions });
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'role.create',
          target: { type: 'role', id: roleId },
          details: {
            name: body.name,
            description: body.description,
            ...(copiedFrom ? { copied_from: copiedFrom } : {}),
            permissions,
          },
        });
        return roleId;
      })
      .catch(nameConflict);
    const created = await findRole(db, id);
    if (!created) throw new Error(`role ${id} vanished after it was created`);
    return { ok: true, data: created };
  });

  registerEndpoint(app, roleEndpoints.update, async ({ body, user, request }) => {
    const renamed = await db
      .transaction(async (tx) => {
        const role = await requireLockedRole(tx, body.id);
        ensureMayChangeRole(user, role, role.permissions);
        if (role.built_in && body.name !== role.name) {
          throw new HttpError(409, ROLE_TEXTS.builtInRename, { name: ROLE_TEXTS.builtInRename });
        }
        await ensureNameFree(tx, body.name, role.id);
        if (body.name === role.name && body.description === role.description) return false;
        await updateRole(tx, role.id, body);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'role.update',
          target: { type: 'role', id: role.id },
          details: {
            name: { from: role.name, to: body.name },
            description: { from: role.description, to: body.description },
          },
        });
        return body.name !== role.name;
      })
      .catch(nameConflict);
    // The role's name is part of the signed-in user its members' consoles show.
    if (renamed) await tellUsersOf(body.id);
    const updated = await findRole(db, body.id);
    if (!updated) throw new HttpError(404, `There is no role with id ${body.id}.`);
    return { ok: true, data: updated };
  });

  registerEndpoint(app, roleEndpoints.remove, async ({ body, user, request }) => {
    await db.transaction(async (tx) => {
      const role = await requireLockedRole(tx, body.id);
      if (role.built_in) throw new HttpError(409, ROLE_TEXTS.builtInDelete);
      ensureMayChangeRole(user, role, role.permissions);
      if (role.users > 0 || !(await deleteUnusedRole(tx, role.id))) {
        throw new HttpError(409, ROLE_TEXTS.inUse(Math.max(role.users, 1)));
      }
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'role.delete',
        target: { type: 'role', id: role.id },
        details: { name: role.name, permissions: role.permissions },
      });
    });
    return { ok: true, data: { id: body.id } };
  });

  registerEndpoint(app, roleEndpoints.setPermissions, async ({ body, user, request }) => {
    const changed = await db.transaction(async (tx) => {
      const role = await requireLockedRole(tx, body.role_id);
      const missingEssentials = missingFrom(body.permissions, essentialPermissionsOf(role.name));
      if (isBuiltInRole(role.name) && missingEssentials.length > 0) {
        const message = ROLE_TEXTS.essential(role.name, missingEssentials);
        throw new HttpError(422, message, { permissions: message });
      }
      const added = missingFrom(role.permissions, body.permissions);
      const removed = missingFrom(body.permissions, role.permissions);
      if (added.length === 0 && removed.length === 0) return false;
      ensureMayChangeRole(user, role, [...role.permissions, ...added]);
      await setRolePermissions(tx, role.id, body.permissions);
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'role.permissions',
        target: { type: 'role', id: role.id },
        details: { role: role.name, added, removed },
      });
      return true;
    });
    if (changed) await tellUsersOf(body.role_id);
    const role = await findRole(db, body.role_id);
    if (!role) throw new HttpError(404, `There is no role with id ${body.role_id}.`);
    return { ok: true, data: role };
  });
}
