import type { AuditLogRow } from '../../../src/contract/audit-log';
import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams, whereOf } from '../../db/sql-params';

/**
 * Reads of the audit log for /user-logs: one page with a capped count, and keyset batches for
 * the CSV export. Only reads: rows are written by recordAudit (audit-repository.ts) and never
 * changed or removed by the console.
 *
 * Every filter is an equality on the leading column of one of the log's indexes (action, actor
 * id, lower(actor username), target), with the time range on the index's second column, so the
 * first page reads a page's worth of index entries whatever the log's size. Rows sort by
 * (at, id): `at` is the transaction's time and several rows of one change share it.
 */
export interface AuditLogFilter {
  action?: string | undefined;
  actor?: string | undefined;
  actorId?: number | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

interface AuditDbRow {
  id: number;
  at: Date;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

const COLUMNS = `id, at, actor_id, actor_username, action, target_type, target_id, details, ip`;

function conditionsOf(filter: AuditLogFilter, params: SqlParams): string[] {
  const conditions: string[] = [];
  if (filter.action !== undefined) conditions.push(`action = ${params.add(filter.action)}`);
  if (filter.actorId !== undefined) conditions.push(`actor_id = ${params.add(filter.actorId)}`);
  if (filter.actor !== undefined) {
    conditions.push(`lower(actor_username) = lower(${params.add(filter.actor)})`);
  }
  if (filter.targetType !== undefined) {
    conditions.push(`target_type = ${params.add(filter.targetType)}`);
  }
  if (filter.targetId !== undefined) conditions.push(`target_id = ${params.add(filter.targetId)}`);
  if (filter.from !== undefined) conditions.push(`at >= ${params.add(filter.from)}`);
  if (filter.to !== undefined) conditions.push(`at <= ${params.add(filter.to)}`);
  return conditions;
}

function toRow(row: AuditDbRow): AuditLogRow {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor_id: row.actor_id,
    actor_username: row.actor_username,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    details: row.details ?? {},
    ip: row.ip,
  };
}

const orderBy = (order: SortOrder) => (order === 'asc' ? 'at asc, id asc' : 'at desc, id desc');

export async function listAuditLog(
  db: Queryable,
  filter: AuditLogFilter,
  page: { order: SortOrder; limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number; capped: boolean }> {
  const params = new SqlParams();
  const where = whereOf(conditionsOf(filter, params));
  const rows = await db.query<AuditDbRow>(
    `select ${COLUMNS} from audit_log ${where}
      order by ${orderBy(page.order)}
      limit ${params.add(page.limit)} offset ${params.add(page.offset)}`,
    params.values,
  );
  // The count stops one past the cap: enough to say "more than TOTAL_CAP" without reading
  // every matching row of a million.
  const countParams = new SqlParams();
  const countWhere = whereOf(conditionsOf(filter, countParams));
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count
       from (select 1 from audit_log ${countWhere} limit ${countParams.add(TOTAL_CAP + 1)}) capped`,
    countParams.values,
  );
  const count = counted?.count ?? 0;
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

/** Where a keyset batch continues: the last row's exact time (as text, microseconds kept). */
export interface AuditCursor {
  at: string;
  id: number;
}

export type AuditBatchRow = AuditLogRow & { cursor: AuditCursor };

export async function auditLogBatch(
  db: Queryable,
  filter: AuditLogFilter,
  order: SortOrder,
  after: AuditCursor | undefined,
  size: number,
): Promise<AuditBatchRow[]> {
  const params = new SqlParams();
  const conditions = conditionsOf(filter, params);
  if (after) {
    const at = params.add(after.at);
    const id = params.add(after.id);
    conditions.push(`(at, id) ${order === 'asc' ? '>' : '<'} (${at}::timestamptz, ${id}::bigint)`);
  }
  const rows = await db.query<AuditDbRow & { at_key: string }>(
    `select ${COLUMNS}, at::text as at_key from audit_log ${whereOf(conditions)}
      order by ${orderBy(order)} limit ${params.add(size)}`,
    params.values,
  );
  return rows.map((row) => ({ ...toRow(row), cursor: { at: row.at_key, id: Number(row.id) } }));
}
