import type { FastifyRequest } from 'fastify';
import { POOL_TEXTS, poolEndpoints, type PoolRow } from '../../../src/contract/pools';
import type { Database, Queryable } from '../../db/database';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import { isUniqueViolation } from '../users/people-rules';
import type { UserRecord } from '../users/user-repository';
import {
  deletePool,
  findPool,
  insertPool,
  listPools,
  lockPool,
  missingServices,
  missingUsers,
  poolNameTaken,
  poolOptions,
  updatePool,
  type PoolFields,
} from './pool-repository';

/**
 * The /pools calls. Each change and its audit row commit together. Nothing needs telling: the
 * claim reads the pools every time, so operators get the new routing on their next request for
 * items and keep what they hold.
 */
function actorOf(request: FastifyRequest, user: UserRecord) {
  return { actor: { id: user.id, username: user.username }, ip: request.ip };
}

function nameConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, POOL_TEXTS.duplicateName, { name: POOL_TEXTS.duplicateName });
  }
  throw error;
}

/** Refuses names taken by another pool and ids of services or users that do not exist. */
async function checkFields(db: Queryable, fields: PoolFields, current?: PoolRow): Promise<void> {
  if (await poolNameTaken(db, fields.name, current?.id)) {
    throw new HttpError(409, POOL_TEXTS.duplicateName, { name: POOL_TEXTS.duplicateName });
  }
  const problems: Record<string, string> = {};
  const services = await missingServices(db, fields.serviceIds);
  if (services.length > 0) problems.service_ids = POOL_TEXTS.unknownServices(services);
  // A member deactivated since stays listed until someone removes them; only new ones must be active.
  const kept = new Set(current?.members.map((member) => member.id) ?? []);
  const users = await missingUsers(
    db,
    fields.userIds.filter((id) => !kept.has(id)),
  );
  if (users.length > 0) problems.user_ids = POOL_TEXTS.unknownUsers(users);
  if (Object.keys(problems).length > 0) {
    throw new HttpError(422, Object.values(problems).join(' '), problems);
  }
}

const names = (list: readonly { name?: string; username?: string }[]) =>
  list.map((entry) => entry.name ?? entry.username ?? '');

export function poolRoutes(context: ServerContext): void {
  const { http: app } = context;
  const db: Database = context.db;

  registerEndpoint(app, poolEndpoints.list, async () => ({ ok: true, data: await listPools(db) }));

  registerEndpoint(app, poolEndpoints.options, async () => ({
    ok: true,
    data: await poolOptions(db),
  }));

  registerEndpoint(app, poolEndpoints.create, async ({ body, user, request }) => {
    const fields: PoolFields = {
      name: body.name,
      description: body.description,
      serviceIds: body.service_ids,
      userIds: body.user_ids,
    };
    const id = await db
      .transaction(async (tx) => {
        await checkFields(tx, fields);
        const poolId = await insertPool(tx, fields);
        const created = await findPool(tx, poolId);
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'pool.create',
          target: { type: 'pool', id: poolId },
          details: {
            name: fields.name,
            description: fields.description,
            services: names(created?.services ?? []),
            members: names(created?.members ?? []),
          },
        });
        return poolId;
      })
      .catch(nameConflict);
    const created = await findPool(db, id);
    if (!created) throw new Error(`pool ${id} vanished after it was created`);
    return { ok: true, data: created };
  });

  registerEndpoint(app, poolEndpoints.update, async ({ body, user, request }) => {
    const fields: PoolFields = {
      name: body.name,
      description: body.description,
      serviceIds: body.service_ids,
      userIds: body.user_ids,
    };
    await db
      .transaction(async (tx) => {
        const before = await lockPool(tx, body.id);
        if (!before) throw new HttpError(404, POOL_TEXTS.notFound(body.id));
        await checkFields(tx, fields, before);
        await updatePool(tx, before.id, fields);
        const after = await findPool(tx, before.id);
        if (!after) throw new Error(`pool ${before.id} vanished while it was saved`);
        const change = <T>(from: T, to: T) =>
          JSON.stringify(from) === JSON.stringify(to) ? undefined : { from, to };
        const details = Object.fromEntries(
          Object.entries({
            name: change(before.name, after.name),
            description: change(before.description, after.description),
            services: change(names(before.services), names(after.services)),
            members: change(names(before.members), names(after.members)),
          }).filter(([, value]) => value !== undefined),
        );
        if (Object.keys(details).length === 0) return;
        await recordAudit(tx, {
          ...actorOf(request, user),
          action: 'pool.update',
          target: { type: 'pool', id: before.id },
          details: { pool: after.name, ...details },
        });
      })
      .catch(nameConflict);
    const updated = await findPool(db, body.id);
    if (!updated) throw new HttpError(404, POOL_TEXTS.notFound(body.id));
    return { ok: true, data: updated };
  });

  registerEndpoint(app, poolEndpoints.remove, async ({ body, user, request }) => {
    await db.transaction(async (tx) => {
      const pool = await lockPool(tx, body.id);
      if (!pool || !(await deletePool(tx, pool.id))) {
        throw new HttpError(404, POOL_TEXTS.notFound(body.id));
      }
      await recordAudit(tx, {
        ...actorOf(request, user),
        action: 'pool.delete',
        target: { type: 'pool', id: pool.id },
        details: {
          name: pool.name,
          services: names(pool.services),
          members: names(pool.members),
        },
      });
    });
    return { ok: true, data: { id: body.id } };
  });
}
