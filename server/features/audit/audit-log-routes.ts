import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '../../../src/contract/audit';
import {
  auditLogEndpoints,
  type AuditLogExportQuery,
  type AuditLogRow,
} from '../../../src/contract/audit-log';
import type { Database } from '../../db/database';
import { type CsvColumn, inBatches, sendCsv } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import {
  auditLogBatch,
  listAuditLog,
  type AuditBatchRow,
  type AuditCursor,
  type AuditLogFilter,
} from './audit-log-repository';

/**
 * /user-logs reads the audit log: a page (section_user_logs) and the CSV export of the same
 * filter. There is deliberately no endpoint that changes or removes a row.
 */
const EXPORT_BATCH = 1_000;

function filterOf(query: Omit<AuditLogExportQuery, 'sort' | 'order'>): AuditLogFilter {
  return {
    action: query.action,
    actor: query.actor,
    actorId: query.actor_id,
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from,
    to: query.to,
  };
}

const actionLabel = (action: string) =>
  (AUDIT_ACTIONS as Record<string, string | undefined>)[action] ?? action;

const CSV_COLUMNS: readonly CsvColumn<AuditLogRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'time_utc', value: (row) => row.at },
  { header: 'actor', value: (row) => row.actor_username ?? 'system' },
  { header: 'actor_id', value: (row) => row.actor_id },
  { header: 'action', value: (row) => row.action },
  { header: 'action_label', value: (row) => actionLabel(row.action) },
  { header: 'target_type', value: (row) => row.target_type },
  { header: 'target_id', value: (row) => row.target_id },
  { header: 'address', value: (row) => row.ip },
  { header: 'details', value: (row) => JSON.stringify(row.details) },
];

export function registerAuditLog(app: FastifyInstance, deps: { db: Database }): void {
  const { db } = deps;

  registerEndpoint(app, auditLogEndpoints.list, async ({ query }) => {
    const { rows, total, capped } = await listAuditLog(db, filterOf(query), {
      order: query.order,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, auditLogEndpoints.export, async ({ query, reply }) => {
    const filter = filterOf(query);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return sendCsv(
      reply,
      `audit-log-${stamp}.csv`,
      CSV_COLUMNS,
      inBatches<AuditBatchRow, AuditCursor>(
        (after) => auditLogBatch(db, filter, query.order, after, EXPORT_BATCH),
        (row) => row.cursor,
      ),
    );
  });
}
