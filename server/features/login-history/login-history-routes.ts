import type { FastifyInstance } from 'fastify';
import {
  loginHistoryEndpoints,
  loginReasonLabel,
  type LoginHistoryExportQuery,
  type LoginHistoryRow,
} from '../../../src/contract/login-history';
import type { Database } from '../../db/database';
import { type CsvColumn, inBatches, sendCsv } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import {
  listLoginHistory,
  loginHistoryBatch,
  type LoginBatchRow,
  type LoginCursor,
  type LoginHistoryFilter,
} from './login-history-repository';

/** /user-login-history: a page of sign-in attempts and the CSV export of the same filter. */
const EXPORT_BATCH = 1_000;

function filterOf(query: Omit<LoginHistoryExportQuery, 'sort' | 'order'>): LoginHistoryFilter {
  return {
    user: query.user,
    result: query.result,
    address: query.address,
    from: query.from,
    to: query.to,
  };
}

const CSV_COLUMNS: readonly CsvColumn<LoginHistoryRow>[] = [
  { header: 'time_utc', value: (row) => row.attempted_at },
  { header: 'username', value: (row) => row.username },
  { header: 'user_id', value: (row) => row.user_id },
  { header: 'result', value: (row) => (row.success ? 'success' : 'failure') },
  { header: 'reason', value: (row) => loginReasonLabel(row.reason) },
  { header: 'address', value: (row) => row.ip },
  { header: 'user_agent', value: (row) => row.user_agent },
];

export function registerLoginHistory(app: FastifyInstance, deps: { db: Database }): void {
  const { db } = deps;

  registerEndpoint(app, loginHistoryEndpoints.list, async ({ query }) => {
    const { rows, total, capped } = await listLoginHistory(db, filterOf(query), {
      order: query.order,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(app, loginHistoryEndpoints.export, async ({ query, reply }) => {
    const filter = filterOf(query);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return sendCsv(
      reply,
      `login-history-${stamp}.csv`,
      CSV_COLUMNS,
      inBatches<LoginBatchRow, LoginCursor>(
        (after) => loginHistoryBatch(db, filter, query.order, after, EXPORT_BATCH),
        (row) => row.cursor,
      ),
    );
  });
}
