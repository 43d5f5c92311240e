import type { FastifyInstance } from 'fastify';
import {
  customerHistoryEndpoints,
  historyEndpoints,
  historyRange,
  HISTORY_TEXTS,
  type HistoryFilterQuery,
} from '../../../src/contract/history';
import type { KeysetCursor } from '../../../src/contract/list';
import type { Database } from '../../db/database';
import { sendCsvText } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { UserRecord } from '../users/user-repository';
import {
  findHistoryItem,
  HISTORY_CSV_HEADERS,
  historyCsvBatch,
  historyOptions,
  listHistory,
  type HistoryFilter,
  type HistoryScope,
} from './history-repository';

/**
 * /modhistory and /customer-moderation: the same four calls twice, once for staff (every
 * service) and once for customers (their linked services). The handlers are shared; only the
 * scope differs, and it comes from the endpoint, never from the request.
 */
/**
 * Rows per statement of the CSV export. Each statement costs a keyset seek and its planning
 * besides the rows; on a million decisions the embedded database wrote about 61,000 rows per
 * CPU-second in batches of 2,000 and 71,000 in batches of 5,000 (about 1 MB of text each).
 */
const EXPORT_BATCH = 5_000;

function filterOf(query: Partial<HistoryFilterQuery>): HistoryFilter {
  const { from, to } = historyRange(query);
  return {
    content_id: query.content_id,
    service_id: query.service_id,
    subscriber_id: query.subscriber_id,
    user: query.user,
    tag: query.tag,
    source: query.source,
    operator_id: query.operator_id,
    from,
    to,
  };
}

type Endpoints = typeof historyEndpoints | typeof customerHistoryEndpoints;

function registerHistoryEndpoints(
  app: FastifyInstance,
  db: Database,
  endpoints: Endpoints,
  scopeOf: (user: UserRecord) => HistoryScope,
  filePrefix: string,
): void {
  registerEndpoint(app, endpoints.list, async ({ query, user }) => {
    const page = await listHistory(db, scopeOf(user), filterOf(query), {
      after: query.after,
      before: query.before,
      limit: query.per_page,
    });
    return {
      ok: true,
      data: page.rows,
      next_cursor: page.next_cursor,
      prev_cursor: page.prev_cursor,
      total: page.total,
      ...(page.capped ? { total_capped: true } : {}),
    };
  });

  registerEndpoint(app, endpoints.detail, async ({ params, user }) => {
    const item = await findHistoryItem(db, scopeOf(user), params.id);
    // Outside the scope reads as absent: a customer learns nothing of other services' items.
    if (!item) throw new HttpError(404, HISTORY_TEXTS.notFound(params.id));
    return { ok: true, data: item };
  });

  registerEndpoint(app, endpoints.export, async ({ query, reply, user }) => {
    const scope = scopeOf(user);
    const filter = filterOf(query);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    async function* batches(): AsyncIterable<string> {
      let after: KeysetCursor | undefined;
      for (let more = true; more;) {
        const batch = await historyCsvBatch(db, scope, filter, after, EXPORT_BATCH);
        if (batch.text !== '') yield batch.text;
        after = batch.last;
        more = batch.rows === EXPORT_BATCH;
      }
    }
    return sendCsvText(reply, `${filePrefix}-${stamp}.csv`, HISTORY_CSV_HEADERS, batches());
  });

  registerEndpoint(app, endpoints.options, async ({ user }) => ({
    ok: true,
    data: await historyOptions(db, scopeOf(user)),
  }));
}

export function registerHistory(app: FastifyInstance, deps: { db: Database }): void {
  registerHistoryEndpoints(
    app,
    deps.db,
    historyEndpoints,
    () => ({ kind: 'staff' }),
    'moderation-history',
  );
  registerHistoryEndpoints(
    app,
    deps.db,
    customerHistoryEndpoints,
    (user) => ({ kind: 'customer', userId: user.id }),
    'customer-moderation',
  );
}
