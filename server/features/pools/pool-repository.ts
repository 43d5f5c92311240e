import type { PoolOptions, PoolRow } from '../../../src/contract/pools';
import { queryOne, type Queryable } from '../../db/database';

/**
 * Pools and their two membership lists. The claim (moderation/content-repository.ts) reads
 * pool_members and pool_services directly; nothing here caches them, so a change applies to an
 * operator's next claim.
 */
interface PoolRecord {
  id: number;
  name: string;
  description: string;
  services: { id: number; name: string }[] | null;
  members: { id: number; username: string }[] | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_POOLS = `
  select p.id, p.name, p.description, p.created_at, p.updated_at,
         (select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id)
            from pool_services ps join services s on s.id = ps.service_id
           where ps.pool_id = p.id) as services,
         (select json_agg(json_build_object('id', u.id, 'username', u.username)
                          order by lower(u.username), u.id)
            from pool_members pm join users u on u.id = pm.user_id
           where pm.pool_id = p.id) as members
    from pools p`;

function toRow(record: PoolRecord): PoolRow {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    services: record.services ?? [],
    members: record.members ?? [],
    created_at: new Date(record.created_at).toISOString(),
    updated_at: new Date(record.updated_at).toISOString(),
  };
}

export async function listPools(db: Queryable): Promise<PoolRow[]> {
  const rows = await db.query<PoolRecord>(`${SELECT_POOLS} order by lower(p.name), p.id`);
  return rows.map(toRow);
}

export async function findPool(db: Queryable, id: number): Promise<PoolRow | undefined> {
  const row = await queryOne<PoolRecord>(db, `${SELECT_POOLS} where p.id = $1`, [id]);
  return row ? toRow(row) : undefined;
}

/** The pool, locked until the transaction ends, so two saves of one pool apply one after the other. */
export async function lockPool(db: Queryable, id: number): Promise<PoolRow | undefined> {
  const locked = await queryOne<{ id: number }>(
    db,
    'select id from pools where id = $1 for update',
    [id],
  );
  return locked ? findPool(db, id) : undefined;
}

export async function poolNameTaken(db: Queryable, name: string, exceptId?: number) {
  const row = await queryOne<{ id: number }>(
    db,
    'select id from pools where lower(name) = lower($1) and id <> coalesce($2::int, 0)',
    [name, exceptId ?? null],
  );
  return row !== undefined;
}

/** Of the given ids, those that are no service. */
export async function missingServices(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from unnest($1::int[]) as wanted(id)
      where not exists (select 1 from services s where s.id = wanted.id) order by id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

/** Of the given ids, those that are no active user (a deactivated user moderates nothing). */
export async function missingUsers(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from unnest($1::int[]) as wanted(id)
      where not exists (select 1 from users u where u.id = wanted.id and not u.disabled)
      order by id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

export interface PoolFields {
  name: string;
  description: string;
  serviceIds: readonly number[];
  userIds: readonly number[];
}

async function setMembership(db: Queryable, poolId: number, fields: PoolFields): Promise<void> {
  await db.query(
    'delete from pool_services where pool_id = $1 and not (service_id = any($2::int[]))',
    [poolId, fields.serviceIds],
  );
  await db.query(
    `insert into pool_services (pool_id, service_id)
     select $1, id from unnest($2::int[]) as t(id) on conflict do nothing`,
    [poolId, fields.serviceIds],
  );
  await db.query('delete from pool_members where pool_id = $1 and not (user_id = any($2::int[]))', [
    poolId,
    fields.userIds,
  ]);
  await db.query(
    `insert into pool_members (pool_id, user_id)
     select $1, id from unnest($2::int[]) as t(id) on conflict do nothing`,
    [poolId, fields.userIds],
  );
}

export async function insertPool(db: Queryable, fields: PoolFields): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    'insert into pools (name, description) values ($1, $2) returning id',
    [fields.name, fields.description],
  );
  if (!row) throw new Error('insert into pools returned no row');
  await setMembership(db, row.id, fields);
  return row.id;
}

export async function updatePool(db: Queryable, id: number, fields: PoolFields): Promise<void> {
  await db.query('update pools set name = $2, description = $3, updated_at = now() where id = $1', [
    id,
    fields.name,
    fields.description,
  ]);
  await setMembership(db, id, fields);
}

export async function deletePool(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('delete from pools where id = $1 returning id', [id]);
  return rows.length > 0;
}

export async function poolOptions(db: Queryable): Promise<PoolOptions> {
  const services = await db.query<PoolOptions['services'][number]>(
    'select id, name, priority, active from services order by lower(name), id',
  );
  const users = await db.query<PoolOptions['users'][number]>(
    `select u.id, u.username, r.name as role from users u join roles r on r.id = u.role_id
      where not u.disabled order by lower(u.username), u.id`,
  );
  return { services, users };
}

/** Users who belong to at least one pool (and so are given only their pools' services). */
export async function pooledUserIds(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>('select distinct user_id from pool_members');
  return rows.map((row) => row.user_id);
}
