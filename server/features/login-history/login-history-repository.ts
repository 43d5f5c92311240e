import type { LoginHistoryRow, LoginResult } from '../../../src/contract/login-history';
import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams, whereOf } from '../../db/sql-params';

/**
 * Reads of the login history for /user-login-history: a page with a capped count, and keyset
 * batches for the CSV export. Attempts are written at sign-in (auth/login-throttle.ts,
 * recordLoginAttempt), including those for usernames that match no account, so a filter on the
 * username typed finds attacks on accounts that do not exist too.
 *
 * A username, result or address filter is the leading column of an index (migrations 001 and
 * 014) whose next columns are (attempted_at, id), so pages and ranges read only what they show.
 */
export interface LoginHistoryFilter {
  user?: string | undefined;
  result?: LoginResult | undefined;
  address?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

interface LoginDbRow {
  id: number;
  user_id: number | null;
  username: string;
  attempted_at: Date;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  reason: string | null;
}

const COLUMNS = 'id, user_id, username, attempted_at, ip, user_agent, success, reason';

function conditionsOf(filter: LoginHistoryFilter, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filter.user !== undefined) {
    conditions.push(`lower(username) = lower(${params.add(filter.user)})`);
  }
  if (filter.result !== undefined) {
    conditions.push(`success = ${params.add(filter.result === 'success')}`);
  }
  if (filter.address !== undefined) conditions.push(`ip = ${params.add(filter.address)}`);
  if (filter.from !== undefined) conditions.push(`attempted_at >= ${params.add(filter.from)}`);
  if (filter.to !== undefined) conditions.push(`attempted_at <= ${params.add(filter.to)}`);
  return conditions;
}

function toRow(row: LoginDbRow): LoginHistoryRow {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    username: row.username,
    attempted_at: new Date(row.attempted_at).toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    success: row.success,
    reason: row.reason,
  };
}

const orderBy = (order: SortOrder) =>
  order === 'asc' ? 'attempted_at asc, id asc' : 'attempted_at desc, id desc';

export async function listLoginHistory(
  db: Queryable,
  filter: LoginHistoryFilter,
  page: { order: SortOrder; limit: number; offset: number },
): Promise<{ rows: LoginHistoryRow[]; total: number; capped: boolean }> {
  const params = new SqlParams();
  const rows = await db.query<LoginDbRow>(
    `select ${COLUMNS} from login_history ${whereOf(conditionsOf(filter, params))}
      order by ${orderBy(page.order)}
      limit ${params.add(page.limit)} offset ${params.add(page.offset)}`,
    params.values,
  );
  const countParams = new SqlParams();
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count
       from (select 1 from login_history ${whereOf(conditionsOf(filter, countParams))}
             limit ${countParams.add(TOTAL_CAP + 1)}) capped`,
    countParams.values,
  );
  const count = counted?.count ?? 0;
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

/** Where a keyset batch continues: the last row's exact time (as text, microseconds kept). */
export interface LoginCursor {
  at: string;
  id: number;
}

export type LoginBatchRow = LoginHistoryRow & { cursor: LoginCursor };

export async function loginHistoryBatch(
  db: Queryable,
  filter: LoginHistoryFilter,
  order: SortOrder,
  after: LoginCursor | undefined,
  size: number,
): Promise<LoginBatchRow[]> {
  const params = new SqlParams();
  const conditions = conditionsOf(filter, params);
  if (after) {
    const at = params.add(after.at);
    const id = params.add(after.id);
    conditions.push(
      `(attempted_at, id) ${order === 'asc' ? '>' : '<'} (${at}::timestamptz, ${id}::bigint)`,
    );
  }
  const rows = await db.query<LoginDbRow & { at_key: string }>(
    `select ${COLUMNS}, attempted_at::text as at_key from login_history ${whereOf(conditions)}
      order by ${orderBy(order)} limit ${params.add(size)}`,
    params.values,
  );
  return rows.map((row) => ({ ...toRow(row), cursor: { at: row.at_key, id: Number(row.id) } }));
}
