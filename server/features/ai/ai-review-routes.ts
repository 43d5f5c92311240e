import {
  aiModerationEndpoints,
  effectiveRange,
  type AiResultRow,
  type AiSearchExportQuery,
} from '../../../src/contract/ai-review';
import { type CsvColumn, inBatches, sendCsv } from '../../http/csv';
import { registerEndpoint } from '../../http/endpoint';
import type { ServerContext } from '../../server-context';
import {
  agreementTable,
  aiResultBatch,
  searchAiResults,
  type AiResultBatchRow,
  type AiResultCursor,
  type AiSearchFilter,
} from './ai-review-repository';

/**
 * /ai-moderation: the AI results search and its CSV export, and the agreement table
 * (section_ai_moderation). Read-only.
 */
const EXPORT_BATCH = 1_000;

function filterOf(query: Omit<AiSearchExportQuery, 'sort' | 'order'>): AiSearchFilter {
  return {
    serviceId: query.service_id,
    aiTag: query.ai_tag,
    agreement: query.agreement,
    minResponseMs: query.min_response_ms,
    maxResponseMs: query.max_response_ms,
    ...effectiveRange(query),
  };
}

const CSV_COLUMNS: readonly CsvColumn<AiResultRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'service', value: (row) => row.service_name },
  { header: 'message_type', value: (row) => row.message_type },
  { header: 'arrival_utc', value: (row) => row.bound_time },
  { header: 'ai_tags', value: (row) => (row.ai_tags.length > 0 ? row.ai_tags.join(' ') : 'SAFE') },
  { header: 'ai_response_ms', value: (row) => row.ai_response_ms },
  { header: 'ai_provider', value: (row) => row.ai_provider },
  { header: 'ai_reasoning', value: (row) => row.ai_reasoning },
  { header: 'status', value: (row) => row.status },
  {
    header: 'human_tags',
    value: (row) =>
      row.human_tags === null
        ? ''
        : [...row.human_tags, ...(row.human_custom_tag ? [row.human_custom_tag] : [])].join(' ') ||
          'none',
  },
  {
    header: 'decided_by',
    value: (row) => (row.agreement === 'ai_alone' ? 'AI' : (row.decided_by ?? '')),
  },
  { header: 'decided_at_utc', value: (row) => row.decided_at },
  { header: 'agreement', value: (row) => row.agreement },
  { header: 'content', value: (row) => row.content },
];

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export function aiReviewRoutes(context: ServerContext): void {
  const { http, db } = context;

  registerEndpoint(http, aiModerationEndpoints.search, async ({ query }) => {
    const { rows, total, capped } = await searchAiResults(db, filterOf(query), {
      order: query.order,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(http, aiModerationEndpoints.export, async ({ query, reply }) => {
    const filter = filterOf(query);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return sendCsv(
      reply,
      `ai-results-${stamp}.csv`,
      CSV_COLUMNS,
      inBatches<AiResultBatchRow, AiResultCursor>(
        (after) => aiResultBatch(db, filter, query.order, after, EXPORT_BATCH),
        (row) => row.cursor,
      ),
    );
  });

  registerEndpoint(http, aiModerationEndpoints.agreement, async ({ query }) => {
    const range = effectiveRange(query);
    const fromDay = utcDay(range.from);
    const toDay = utcDay(range.to);
    const services = await agreementTable(db, { fromDay, toDay, serviceId: query.service_id });
    return { ok: true, data: { from_day: fromDay, to_day: toDay, services } };
  });
}
