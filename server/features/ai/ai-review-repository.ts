import {
  SAFE_TAG,
  type AiAgreement,
  type AiResultRow,
  type ServiceAgreement,
  type TagAgreement,
} from '../../../src/contract/ai-review';
import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams, whereOf } from '../../db/sql-params';
import { CURRENT_AGREEMENT_DAILY, CURRENT_REVIEW_DAILY } from './ai-review-rollup';

/**
 * Reads of /ai-moderation: the AI results search (a page with a capped count, keyset batches for
 * the export) and the agreement table.
 *
 * The search covers items with an AI answer (ai_state 'done') in a range of arrival times and
 * sorts by (bound_time, id). Migration 048 indexes that order alone, per service, and per
 * agreement (through the immutable ai_review_state(), written here exactly as in the index), so
 * the first page of any one filter reads about a page of index entries; a common tag and the
 * response time are checked on the rows the time order brings, a rare tag is looked up in its
 * GIN index (see tagPlan). The agreement table reads
 * the daily counts kept by ai-review-rollup.ts and the few items of the rollup journal not added
 * to them yet, never the whole history.
 */
export interface AiSearchFilter {
  serviceId?: number | undefined;
  aiTag?: string | undefined;
  agreement?: AiAgreement | undefined;
  minResponseMs?: number | undefined;
  maxResponseMs?: number | undefined;
  from: Date;
  to: Date;
}

/** As in 048's contents_ai_review_state_idx, so the planner matches the filter to it. */
const REVIEW_STATE_SQL =
  'ai_review_state(c.ai_moderated_status, c.moderated_status, c.status, c.decision_source)';

const CONTENT_PREVIEW = 300;

/**
 * How the tag filter reads: 'scan' checks each row the time order brings (cheap while the tag is
 * common: a page and the capped count are found early), 'index' starts from the items carrying
 * the tag (the GIN index of 048; cheap while the tag is rare, where a scan would read the whole
 * range). `tagPlan` samples the newest rows of the range to choose.
 */
type TagPlan = 'scan' | 'index';

/** The items carrying the tag, found through contents_ai_tags_idx, as a FROM item. */
const TAG_HITS = (tag: string) =>
  `(select id as hit_id from contents where ai_state = 'done' and ai_moderated_status ? ${tag}
     offset 0) hits`;

function conditionsOf(filter: AiSearchFilter, params: SqlParams, tagPlan: TagPlan): string[] {
  const conditions = [
    `c.ai_state = 'done'`,
    `c.bound_time >= ${params.add(filter.from)}`,
    `c.bound_time <= ${params.add(filter.to)}`,
  ];
  if (filter.serviceId !== undefined) {
    conditions.push(`c.service_id = ${params.add(filter.serviceId)}`);
  }
  if (filter.agreement !== undefined) {
    conditions.push(`${REVIEW_STATE_SQL} = ${params.add(filter.agreement)}`);
  }
  if (filter.aiTag !== undefined) {
    // SAFE (any case) means "the AI found nothing", which it says as ['SAFE'] or [].
    if (isSafe(filter.aiTag))
      conditions.push(`c.ai_moderated_status - '${SAFE_TAG}' = '[]'::jsonb`);
    // 'index': the tag's items are the join's other side (sourcesOf).
    else if (tagPlan === 'scan') {
      // `is true`: no index serves it, so the planner keeps to the time order.
      conditions.push(`(c.ai_moderated_status ? ${params.add(filter.aiTag)}) is true`);
    }
  }
  if (filter.minResponseMs !== undefined) {
    conditions.push(`c.ai_response_time >= ${params.add(filter.minResponseMs / 1000)}`);
  }
  if (filter.maxResponseMs !== undefined) {
    conditions.push(`c.ai_response_time <= ${params.add(filter.maxResponseMs / 1000)}`);
  }
  return conditions;
}

const isSafe = (tag: string) => tag.toUpperCase() === SAFE_TAG;

/** The FROM items of a search: contents, and the tag's items when the plan starts from them. */
function sourcesOf(filter: AiSearchFilter, params: SqlParams, tagPlan: TagPlan): string {
  return tagPlan === 'index' && filter.aiTag !== undefined && !isSafe(filter.aiTag)
    ? `${TAG_HITS(params.add(filter.aiTag))} join contents c on c.id = hits.hit_id`
    : 'contents c';
}

/** Rows sampled to tell a common tag from a rare one. */
const TAG_SAMPLE = 2_000;
/**
 * Share of the sample from which a scan is cheaper: the capped count then ends after about
 * TOTAL_CAP / share rows, while the index reads every item with the tag.
 */
const COMMON_TAG_SHARE = 0.03;

async function tagPlan(db: Queryable, filter: AiSearchFilter): Promise<TagPlan> {
  if (filter.aiTag === undefined || isSafe(filter.aiTag)) return 'scan';
  const params = new SqlParams();
  const tag = params.add(filter.aiTag);
  const where = whereOf(conditionsOf({ ...filter, aiTag: undefined }, params, 'scan'));
  const sample = await queryOne<{ seen: number; hits: number }>(
    db,
    `select count(*)::int as seen, (count(*) filter (where ai ? ${tag}))::int as hits
       from (select c.ai_moderated_status as ai from contents c ${where}
              order by c.bound_time desc, c.id desc limit ${TAG_SAMPLE}) sample`,
    params.values,
  );
  if (!sample || sample.seen < TAG_SAMPLE) return 'scan';
  return sample.hits >= sample.seen * COMMON_TAG_SHARE ? 'scan' : 'index';
}

interface ResultDbRow {
  id: number;
  service_id: number;
  service_name: string;
  message_type: string;
  content: string;
  bound_time: Date;
  ai_moderated_status: unknown;
  ai_response_time: number | null;
  ai_reasoning: string | null;
  ai_provider: string | null;
  status: AiResultRow['status'];
  moderated_status: Record<string, unknown> | null;
  decided_at: Date | null;
  decided_by: string | null;
  agreement: AiAgreement;
}

const SELECT = `select c.id, c.service_id, s.name as service_name, c.message_type,
                       left(c.content, ${CONTENT_PREVIEW}) as content, c.bound_time,
                       c.ai_moderated_status, c.ai_response_time,
                       c.ai_other_details ->> 'reasoning' as ai_reasoning,
                       c.ai_other_details ->> 'provider' as ai_provider,
                       c.status, c.moderated_status, c.decided_at, u.username as decided_by,
                       ${REVIEW_STATE_SQL} as agreement
                  from SOURCES
                  join services s on s.id = c.service_id
                  left join users u on u.id = c.decided_by`;

/** The AI's tag names without SAFE; anything but an array of strings reads as none. */
export function aiTagsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((tag): tag is string => typeof tag === 'string' && tag !== SAFE_TAG);
}

/** The tags a decision applied (1s), without the custom tag. */
function humanTagsOf(decision: Record<string, unknown> | null): string[] | null {
  if (!decision) return null;
  return Object.entries(decision)
    .filter(([tag, value]) => tag !== 'additional' && value === 1)
    .map(([tag]) => tag);
}

function toRow(row: ResultDbRow): AiResultRow {
  const custom = row.moderated_status?.additional;
  return {
    id: Number(row.id),
    service_id: row.service_id,
    service_name: row.service_name,
    message_type: row.message_type,
    content: row.content,
    bound_time: new Date(row.bound_time).toISOString(),
    ai_tags: aiTagsOf(row.ai_moderated_status),
    ai_response_ms:
      row.ai_response_time === null ? null : Math.round(Number(row.ai_response_time) * 1000),
    ai_reasoning: row.ai_reasoning,
    ai_provider: row.ai_provider,
    status: row.status,
    human_tags: row.status === 'decided' ? humanTagsOf(row.moderated_status) : null,
    human_custom_tag: row.status === 'decided' && typeof custom === 'string' ? custom : null,
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decided_by: row.decided_by,
    agreement: row.agreement,
  };
}

const orderBy = (order: SortOrder) =>
  order === 'asc' ? 'c.bound_time asc, c.id asc' : 'c.bound_time desc, c.id desc';

export async function searchAiResults(
  db: Queryable,
  filter: AiSearchFilter,
  page: { order: SortOrder; limit: number; offset: number },
): Promise<{ rows: AiResultRow[]; total: number; capped: boolean }> {
  const plan = await tagPlan(db, filter);
  const params = new SqlParams();
  const sources = sourcesOf(filter, params, plan);
  const where = whereOf(conditionsOf(filter, params, plan));
  // The page's ids first, then their columns: the agreement and the joins are worked out for
  // the page's rows only, not for every match the sort passes over.
  const rows = await db.query<ResultDbRow>(
    `${SELECT.replace('SOURCES', 'contents c')}
      where c.id in (select c.id from ${sources} ${where} order by ${orderBy(page.order)}
                      limit ${params.add(page.limit)} offset ${params.add(page.offset)})
      order by ${orderBy(page.order)}`,
    params.values,
  );
  // Counted one past the cap, so "more than TOTAL_CAP" costs no more than reading that many.
  const countParams = new SqlParams();
  const countSources = sourcesOf(filter, countParams, plan);
  const countWhere = whereOf(conditionsOf(filter, countParams, plan));
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count
       from (select 1 from ${countSources} ${countWhere}
              limit ${countParams.add(TOTAL_CAP + 1)}) capped`,
    countParams.values,
  );
  const count = counted?.count ?? 0;
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

/** Where an export batch continues: the last row's exact arrival (text keeps microseconds). */
export interface AiResultCursor {
  at: string;
  id: number;
}

export type AiResultBatchRow = AiResultRow & { cursor: AiResultCursor };

export async function aiResultBatch(
  db: Queryable,
  filter: AiSearchFilter,
  order: SortOrder,
  after: AiResultCursor | undefined,
  size: number,
): Promise<AiResultBatchRow[]> {
  // An export reads every match anyway: the time order, with the tag checked on each row.
  const params = new SqlParams();
  const conditions = conditionsOf(filter, params, 'scan');
  if (after) {
    const at = params.add(after.at);
    const id = params.add(after.id);
    conditions.push(
      `(c.bound_time, c.id) ${order === 'asc' ? '>' : '<'} (${at}::timestamptz, ${id}::bigint)`,
    );
  }
  const rows = await db.query<ResultDbRow & { at_key: string }>(
    `${SELECT.replace('select ', 'select c.bound_time::text as at_key, ').replace('SOURCES', 'contents c')} ${whereOf(conditions)}
      order by ${orderBy(order)} limit ${params.add(size)}`,
    params.values,
  );
  return rows.map((row) => ({ ...toRow(row), cursor: { at: row.at_key, id: Number(row.id) } }));
}

const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/**
 * The agreement figures per service and tag over UTC days [fromDay, toDay] (YYYY-MM-DD), from
 * the daily counts and the rollup journal's rows not folded yet. A service's tags come in its own
 * order; a tag it no longer has, after them.
 */
export async function agreementTable(
  db: Queryable,
  range: { fromDay: string; toDay: string; serviceId?: number | undefined },
): Promise<ServiceAgreement[]> {
  const params = new SqlParams();
  const conditions = [
    `day >= ${params.add(range.fromDay)}::date`,
    `day <= ${params.add(range.toDay)}::date`,
  ];
  if (range.serviceId !== undefined) {
    conditions.push(`service_id = ${params.add(range.serviceId)}`);
  }
  const where = whereOf(conditions);
  const services = await db.query<{
    service_id: number;
    service_name: string;
    tags: string[];
    compared: number;
    agreed: number;
    ai_alone: number;
  }>(
    `select r.service_id, s.name as service_name, s.tags, r.compared::int, r.agreed::int,
            r.ai_alone::int
       from (select service_id, sum(compared) as compared, sum(agreed) as agreed,
                    sum(ai_alone) as ai_alone
               from (${CURRENT_REVIEW_DAILY}) d ${where} group by service_id) r
       join services s on s.id = r.service_id
      order by lower(s.name), s.id`,
    params.values,
  );
  const tagRows = await db.query<{
    service_id: number;
    tag: string;
    tp: number;
    fp: number;
    fn: number;
    tn: number;
  }>(
    `select service_id, tag, sum(tp)::int as tp, sum(fp)::int as fp, sum(fn)::int as fn,
            sum(tn)::int as tn
       from (${CURRENT_AGREEMENT_DAILY}) a ${where} group by service_id, tag`,
    params.values,
  );
  return services.map((service) => {
    const own = tagRows.filter((row) => row.service_id === service.service_id);
    const position = (tag: string) => {
      const index = service.tags.indexOf(tag);
      return index === -1 ? service.tags.length : index;
    };
    own.sort((a, b) => position(a.tag) - position(b.tag) || a.tag.localeCompare(b.tag));
    const tags: TagAgreement[] = own.map((row) => ({
      tag: row.tag,
      tp: row.tp,
      fp: row.fp,
      fn: row.fn,
      tn: row.tn,
      precision: ratio(row.tp, row.tp + row.fp),
      recall: ratio(row.tp, row.tp + row.fn),
    }));
    return {
      service_id: service.service_id,
      service_name: service.service_name,
      compared: service.compared,
      agreed: service.agreed,
      ai_alone: service.ai_alone,
      tags,
    };
  });
}
