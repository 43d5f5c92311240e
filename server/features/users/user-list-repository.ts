import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import type { UserRow, UserSort } from '../../../src/contract/users';
import { queryOne, type Queryable } from '../../db/database';
import { usernameLockedSql } from '../auth/login-throttle';
import { twoFactorEnabledSql } from '../two-factor/two-factor-policy';
import { linkedServiceIdsSql } from './linked-services-repository';

/**
 * The /users screen's reads: one page of users with their last sign-in and lock state, one row,
 * and the CSV export in keyset batches. The last sign-in and the lock are looked up per row of
 * the page through indexes on login_history, so a page costs the same with 10,000 users.
 */
export interface UserFilter {
  search?: string | undefined;
  roleId?: number | undefined;
  active?: boolean | undefined;
  batch?: boolean | undefined;
}

interface DbRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role_id: number;
  role: string;
  max_content: number;
  is_batch_moderator: boolean;
  active: boolean;
  must_change_password: boolean;
  last_sign_in_at: Date | null;
  locked: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
  service_ids: number[];
}

const SELECT_ROW = `
  select u.id, u.username, u.first_name, u.last_name, u.email, u.role_id, r.name as role,
         u.max_content, u.is_batch_moderator, not u.disabled as active, u.must_change_password,
         (select max(h.attempted_at) from login_history h
           where h.user_id = u.id and h.success) as last_sign_in_at,
         ${usernameLockedSql('u.username')} as locked,
         ${twoFactorEnabledSql('u')} as two_factor_enabled,
         u.created_at, ${linkedServiceIdsSql('u.id')} as service_ids
    from users u join roles r on r.id = u.role_id`;

function toRow(row: DbRow): UserRow {
  return {
    ...row,
    last_sign_in_at: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b", not "axb". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE clause of a filter, with its parameters starting at $1. */
function whereOf(filter: UserFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.search) {
    add(
      (n) =>
        `(u.username ilike ${n} or u.email ilike ${n} or u.first_name ilike ${n}
          or u.last_name ilike ${n} or (u.first_name || ' ' || u.last_name) ilike ${n})`,
      likePattern(filter.search),
    );
  }
  if (filter.roleId !== undefined) add((n) => `u.role_id = ${n}`, filter.roleId);
  if (filter.active !== undefined) add((n) => `u.disabled = not ${n}::boolean`, filter.active);
  if (filter.batch !== undefined) add((n) => `u.is_batch_moderator = ${n}::boolean`, filter.batch);
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

const SORT_COLUMNS: Record<UserSort, string[]> = {
  username: ['lower(u.username)'],
  name: ['lower(u.last_name)', 'lower(u.first_name)'],
  email: ['lower(u.email)'],
  role: ['lower(r.name)', 'lower(u.username)'],
  created: ['u.created_at'],
  max_content: ['u.max_content', 'lower(u.username)'],
};

function orderBy(sort: UserSort, order: SortOrder): string {
  const direction = order === 'asc' ? 'asc' : 'desc';
  // Users without an email go last whichever way the column is sorted.
  const nulls = sort === 'email' ? ' nulls last' : '';
  const columns = SORT_COLUMNS[sort].map((column) => `${column} ${direction}${nulls}`);
  return `order by ${[...columns, `u.id ${direction}`].join(', ')}`;
}

export async function listUsers(
  db: Queryable,
  query: {
    filter: UserFilter;
    sort: UserSort;
    order: SortOrder;
    page: number;
    perPage: number;
  },
): Promise<{ rows: UserRow[]; total: number; capped: boolean }> {
  const where = whereOf(query.filter);
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from (
       select 1 from users u ${where.sql} limit ${TOTAL_CAP + 1}) matching`,
    where.params,
  );
  const count = counted?.count ?? 0;
  const limit = `$${where.params.length + 1}`;
  const offset = `$${where.params.length + 2}`;
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where.sql} ${orderBy(query.sort, query.order)} limit ${limit} offset ${offset}`,
    [...where.params, query.perPage, (query.page - 1) * query.perPage],
  );
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

export async function findUserRow(db: Queryable, id: number): Promise<UserRow | undefined> {
  const row = await queryOne<DbRow>(db, `${SELECT_ROW} where u.id = $1`, [id]);
  return row ? toRow(row) : undefined;
}

export interface UserCursor {
  username: string;
  id: number;
}

/** One batch of the export, by username then id, after the cursor. */
export async function exportUsersBatch(
  db: Queryable,
  filter: UserFilter,
  after: UserCursor | undefined,
  size = 500,
): Promise<UserRow[]> {
  const where = whereOf(filter);
  const params = [...where.params];
  let keyset = '';
  if (after) {
    params.push(after.username, after.id);
    const [name, id] = [`$${params.length - 1}`, `$${params.length}`];
    keyset = `${where.sql ? 'and' : 'where'} (lower(u.username), u.id) > (lower(${name}), ${id}::int)`;
  }
  params.push(size);
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where.sql} ${keyset}
      order by lower(u.username), u.id limit $${params.length}`,
    params,
  );
  return rows.map(toRow);
}
