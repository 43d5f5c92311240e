import {
  HistoryCsvRowSchema,
  type DecisionSource,
  type HistoryDelivery,
  type HistoryDetail,
  type HistoryOptions,
  type HistoryRow,
  type MediaLogEntry,
} from '../../../src/contract/history';
import { encodeCursor, TOTAL_CAP, type KeysetCursor } from '../../../src/contract/list';
import { queryOne, type Queryable } from '../../db/database';
import { jsonRowSql, jsonTimestamp, parseJsonRow, type JsonFields } from '../../db/json-rows';
import {
  keysetOrder,
  keysetPage,
  keysetSql,
  type KeysetColumns,
  type KeysetRequest,
} from '../../db/keyset';
import { SqlParams, whereOf } from '../../db/sql-params';
import { attemptsOf } from '../delivery/aggregator-repository';

/**
 * Reads of the moderation history (/modhistory, /customer-moderation): decided items by filter
 * in keyset pages with a capped count, one item in full, keyset batches for the CSV export, and
 * the filters' choices.
 *
 * Every read takes a scope. Staff read every service; a customer reads only the services linked
 * to them (user_services), checked inside the same statement that reads the rows, so no
 * parameter can reach another service's items, and staff identities (who decided, who played a
 * video) are left out for them.
 *
 * Each filter is the leading column of a partial index on decided rows whose next columns are
 * (decided_at, id) (migration 047), so a page reads only the rows it shows and the count reads
 * at most TOTAL_CAP index entries, whatever the page.
 */
export type HistoryScope = { kind: 'staff' } | { kind: 'customer'; userId: number };

export interface HistoryFilter {
  content_id?: number | undefined;
  service_id?: number | undefined;
  subscriber_id?: number | undefined;
  user?: string | undefined;
  tag?: string | undefined;
  source?: DecisionSource | undefined;
  operator_id?: number | undefined;
  from: Date;
  to: Date;
}

/**
 * Where a read takes its rows from. Most filters read contents through one of migration 047's
 * indexes. The tag filter alone reads the side table history_tags (migration 051: one row per
 * tag of each decided item, kept by triggers on contents) in (tag, decided_at, content_id) order
 * and joins each row it keeps to its item, so neither the page nor the capped count reads items
 * without the tag: the keyset position and the range are on the side table's columns.
 */
/** The keyset columns of what a read selected (the page), whatever its source. */
const PAGE_KEYSET: KeysetColumns = { time: 'c.decided_at', id: 'c.id' };

interface RowSource {
  from: string;
  keyset: KeysetColumns;
  conditions: string[];
  /** What the capped count reads: the tag filter alone counts side-table entries only. */
  count: { from: string; conditions: string[] };
}

/** A customer's rows: those of the services linked to them, in the statement itself. */
function scopeConditions(scope: HistoryScope, params: SqlParams): string[] {
  if (scope.kind === 'staff') return [];
  return [
    `c.service_id in (select us.service_id from user_services us where us.user_id = ${params.add(scope.userId)})`,
  ];
}

function itemConditionsOf(filter: HistoryFilter, scope: HistoryScope, params: SqlParams): string[] {
  const conditions = scopeConditions(scope, params);
  if (filter.content_id !== undefined) conditions.push(`c.id = ${params.add(filter.content_id)}`);
  if (filter.service_id !== undefined) {
    conditions.push(`c.service_id = ${params.add(filter.service_id)}`);
  }
  if (filter.subscriber_id !== undefined) {
    conditions.push(`c.subscriber_id = ${params.add(filter.subscriber_id)}`);
  }
  if (filter.user !== undefined) {
    const user = params.add(filter.user);
    conditions.push(`(c.user_id = ${user} or c.username = ${user})`);
  }
  if (filter.source !== undefined) {
    conditions.push(`c.decision_source = ${params.add(filter.source)}`);
  }
  if (filter.operator_id !== undefined && scope.kind === 'staff') {
    conditions.push(`c.decided_by = ${params.add(filter.operator_id)}`);
  }
  return conditions;
}

function sourceOf(filter: HistoryFilter, scope: HistoryScope, params: SqlParams): RowSource {
  const items = itemConditionsOf(filter, scope, params);
  if (filter.tag !== undefined && items.length === 0) {
    const conditions = [
      `t.tag = ${params.add(filter.tag)}`,
      `t.decided_at >= ${params.add(filter.from)}`,
      `t.decided_at <= ${params.add(filter.to)}`,
    ];
    return {
      // Each side-table row in index order, then its item by primary key: the fence (offset 0)
      // keeps that plan even on PGlite, whose planner has no statistics (it never analyzes).
      // The side table holds decided items only; the item's status is checked all the same.
      from: `history_tags t cross join lateral
               (select * from contents c where c.id = t.content_id and c.status = 'decided'
                offset 0) c`,
      keyset: { time: 't.decided_at', id: 't.content_id' },
      conditions,
      count: { from: 'history_tags t', conditions },
    };
  }
  const conditions = [
    "c.status = 'decided'",
    `c.decided_at >= ${params.add(filter.from)}`,
    `c.decided_at <= ${params.add(filter.to)}`,
    ...items,
  ];
  if (filter.tag !== undefined) {
    // With another filter (or a customer's services) the tag is checked on the rows that
    // filter's index reads, or found through the GIN index of migration 047, as before.
    conditions.push(`c.moderated_status @> jsonb_build_object(${params.add(filter.tag)}::text, 1)`);
  }
  return {
    from: 'contents c',
    keyset: { time: 'c.decided_at', id: 'c.id' },
    conditions,
    count: { from: 'contents c', conditions },
  };
}

/** What every read selects, as one JSON text per row (see server/db/json-rows.ts). */
const ROW_FIELDS = [
  ['id', 'c.id'],
  ['decided_at', 'c.decided_at'],
  ['bound_time', 'c.bound_time'],
  ['service_id', 'c.service_id'],
  ['service_name', 's.name'],
  ['subscriber_id', 'c.subscriber_id'],
  ['subscriber_name', 'sb.name'],
  ['user_id', 'c.user_id'],
  ['username', 'c.username'],
  ['message_type', 'c.message_type'],
  ['preview', 'left(c.content, 200)'],
  ['moderated_status', 'c.moderated_status'],
  ['decision_source', 'c.decision_source'],
  ['decided_by', 'c.decided_by'],
  ['operator_username', 'u.username'],
  ['discarded_by', 'c.discarded_by'],
  ['discarder_username', 'du.username'],
  ['ai_moderated_status', 'c.ai_moderated_status'],
] as const;
const EXPORT_FIELDS = [...ROW_FIELDS, ['content', 'c.content']] as const;
const DETAIL_FIELDS = [
  ...EXPORT_FIELDS,
  ['file_url', 'c.file_url'],
  ['notes', 'c.notes'],
  ['ai_response_time', 'c.ai_response_time'],
  ['ai_other_details', 'c.ai_other_details'],
  ['ai_answered_at', 'c.ai_answered_at'],
  ['assigned_at', 'c.assigned_at'],
  ['loaded_at', 'c.loaded_at'],
] as const;

type FieldKey<Fields extends JsonFields<string>> = Fields[number][0];

/** The contents columns the fields read. */
const SOURCE_COLUMNS =
  'c.id, c.decided_at, c.bound_time, c.service_id, c.subscriber_id, c.user_id, c.username, ' +
  'c.message_type, c.content, c.moderated_status, c.decision_source, c.decided_by, ' +
  'c.ai_moderated_status, c.file_url, c.notes, c.ai_response_time, c.ai_other_details, ' +
  'c.ai_answered_at, c.assigned_at, c.loaded_at, c.applied_tags, c.ai_tags_text, c.discarded_by';

/**
 * Reads `fields` of the contents rows that `where` and `orderBy` select (up to `limit`), with
 * their service, subscriber and operator names: the rows are picked first, so the joins run
 * for those rows only.
 */
async function readRows<Fields extends JsonFields<string>>(
  db: Queryable,
  fields: Fields,
  query: {
    from: string;
    where: string;
    /** The order over the source's columns, and the same order over the page's. */
    orderBy: string;
    pageOrder: string;
    limit: string;
    params: SqlParams;
  },
): Promise<Record<FieldKey<Fields>, unknown>[]> {
  const rows = await db.query<{ row: string }>(
    `with page as (select ${SOURCE_COLUMNS} from ${query.from} ${query.where}
                    order by ${query.orderBy} limit ${query.limit})
     select ${jsonRowSql(fields)}
       from page c
       join services s on s.id = c.service_id
       join subscribers sb on sb.id = c.subscriber_id
       left join users u on u.id = c.decided_by
       left join users du on du.id = c.discarded_by
      order by ${query.pageOrder}`,
    query.params.values,
  );
  return rows.map((row) => parseJsonRow(fields, row.row));
}

type RowValues = Record<FieldKey<typeof ROW_FIELDS>, unknown>;

/** Tag names a decision applied: the keys whose value is 1 ('additional' is the custom tag). */
export function appliedTags(status: Record<string, unknown> | null): string[] {
  if (!status) return [];
  return (
    Object.entries(status)
      // 1, true or '1', as the CSV export's SQL reads them (historyCsvBatch).
      .filter(
        ([name, value]) =>
          name !== 'additional' && (value === 1 || value === true || value === '1'),
      )
      .map(([name]) => name)
  );
}

function additionalOf(status: Record<string, unknown> | null): string | null {
  const value = status?.additional;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function aiTags(value: unknown): string[] | null {
  return Array.isArray(value) ? value.map(String) : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const isoOrNull = (value: unknown) => (typeof value === 'string' ? jsonTimestamp(value).iso : null);
const statusOf = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

type CursorRow = HistoryRow & { cursor: KeysetCursor };

function toRow(row: RowValues, scope: HistoryScope): CursorRow {
  const staff = scope.kind === 'staff';
  const decided = jsonTimestamp(text(row.decided_at));
  const status = statusOf(row.moderated_status);
  const source: DecisionSource =
    row.decision_source === 'ai' || row.decision_source === 'discard'
      ? row.decision_source
      : 'human';
  const id = Number(row.id);
  // Who decided or, for a discarded item, who discarded it: staff only.
  const [personId, personName] =
    source === 'discard'
      ? [row.discarded_by, row.discarder_username]
      : [row.decided_by, row.operator_username];
  return {
    id,
    decided_at: decided.iso,
    arrived_at: jsonTimestamp(text(row.bound_time)).iso,
    service_id: Number(row.service_id),
    service_name: text(row.service_name),
    subscriber_id: Number(row.subscriber_id),
    subscriber_name: text(row.subscriber_name),
    user_id: text(row.user_id),
    username: text(row.username),
    message_type: row.message_type as HistoryRow['message_type'],
    preview: text(row.preview),
    tags: appliedTags(status),
    additional: additionalOf(status),
    source,
    operator_id: staff && source !== 'ai' ? numberOrNull(personId) : null,
    operator_username: staff && source !== 'ai' ? textOrNull(personName) : null,
    ai_tags: aiTags(row.ai_moderated_status),
    cursor: { at: decided.exact, id },
  };
}

function stripCursor(row: CursorRow): HistoryRow {
  const { cursor: _cursor, ...visible } = row;
  return visible;
}

export interface HistoryPage {
  rows: HistoryRow[];
  next_cursor: string | null;
  prev_cursor: string | null;
  total: number;
  capped: boolean;
}

export async function listHistory(
  db: Queryable,
  scope: HistoryScope,
  filter: HistoryFilter,
  request: KeysetRequest,
): Promise<HistoryPage> {
  const params = new SqlParams();
  const source = sourceOf(filter, scope, params);
  const keyset = keysetSql(params, source.keyset, request);
  const read = await readRows(db, ROW_FIELDS, {
    from: source.from,
    where: whereOf(keyset.condition ? [...source.conditions, keyset.condition] : source.conditions),
    orderBy: keyset.orderBy,
    pageOrder: keysetOrder(PAGE_KEYSET, request),
    limit: keyset.limit,
    params,
  });
  const page = keysetPage(
    read.map((row) => toRow(row, scope)),
    request,
  );

  const countParams = new SqlParams();
  const { count: counted } = sourceOf(filter, scope, countParams);
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count
       from (select 1 from ${counted.from} ${whereOf(counted.conditions)}
             limit ${countParams.add(TOTAL_CAP + 1)}) capped`,
    countParams.values,
  );
  const count = row?.count ?? 0;
  return {
    rows: page.rows.map(stripCursor),
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
    total: Math.min(count, TOTAL_CAP),
    capped: count > TOTAL_CAP,
  };
}

/** The CSV export's columns, in order (the lines historyCsvBatch writes). */
type CsvHeader = keyof typeof HistoryCsvRowSchema.shape;
export const HISTORY_CSV_HEADERS = Object.keys(HistoryCsvRowSchema.shape) as CsvHeader[];

const UTC_MILLIS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The export's values as SQL, one per header, before they are written as CSV cells: the values
 * the list shows (toRow): dates in UTC to the millisecond, the applied tags and the AI's (both
 * stored with the item, migration 051), the custom tag's text, who decided only for staff and
 * only when a person did. `cell: false` marks values that need no quoting (numbers, dates, a
 * fixed word).
 */
function csvValuesSql(scope: HistoryScope): Record<CsvHeader, { sql: string; cell: boolean }> {
  const value = (sql: string) => ({ sql, cell: true });
  const plain = (sql: string) => ({ sql, cell: false });
  return {
    content_id: plain('c.id::text'),
    decided_at_utc: plain(`to_char(c.decided_at at time zone 'UTC', ${UTC_MILLIS})`),
    arrived_at_utc: plain(`to_char(c.bound_time at time zone 'UTC', ${UTC_MILLIS})`),
    service: value('s.name'),
    subscriber: value('sb.name'),
    user_id: value('c.user_id'),
    username: value('c.username'),
    message_type: value('c.message_type'),
    tags: value('c.applied_tags'),
    additional: value(`case when jsonb_typeof(c.moderated_status -> 'additional') = 'string'
                             and btrim(c.moderated_status ->> 'additional') <> ''
                            then c.moderated_status ->> 'additional' end`),
    source: plain(`case when c.decision_source in ('ai', 'discard') then c.decision_source
                        else 'human' end`),
    operator: value(
      scope.kind === 'staff'
        ? `case when c.decision_source = 'discard'
                then case when btrim(du.username) <> '' then du.username end
                when c.decision_source is distinct from 'ai' and btrim(u.username) <> ''
                then u.username end`
        : 'null::text',
    ),
    ai_tags: value('c.ai_tags_text'),
    content: value('c.content'),
  };
}

export interface HistoryCsvBatch {
  /** The batch's CSV lines, each ending in a line break; '' when no row is left. */
  text: string;
  rows: number;
  /** Where the next batch starts: the last row's position. */
  last: KeysetCursor | undefined;
}

/**
 * One batch of the CSV export, newest first, as finished CSV text: the database writes each
 * line and joins the batch, so the server handles one text a batch instead of 14 cells a row
 * (which cost more than the export's 50,000 rows a second). `after` continues from `last`.
 *
 * The values are read first, behind a fence (offset 0), and written as cells after: csv_cell
 * (migrations 050, 052) is inlined and names its value several times, so a value that is an
 * expression would be computed once per mention.
 */
export async function historyCsvBatch(
  db: Queryable,
  scope: HistoryScope,
  filter: HistoryFilter,
  after: KeysetCursor | undefined,
  size: number,
): Promise<HistoryCsvBatch> {
  const params = new SqlParams();
  const source = sourceOf(filter, scope, params);
  // keysetSql reads one row more than its limit (to tell whether a next page exists).
  const keyset = keysetSql(params, source.keyset, {
    after: after ? encodeCursor(after) : undefined,
    limit: size - 1,
  });
  const conditions = keyset.condition
    ? [...source.conditions, keyset.condition]
    : source.conditions;
  const values = csvValuesSql(scope);
  const cells = HISTORY_CSV_HEADERS.map((header) =>
    values[header].cell ? `csv_cell(v.${header})` : `coalesce(v.${header}, '')`,
  );
  const batch = await queryOne<{
    text: string | null;
    rows: number;
    last_at: string | null;
    last_id: number | null;
  }>(
    db,
    `with page as (select ${SOURCE_COLUMNS} from ${source.from} ${whereOf(conditions)}
                    order by ${keyset.orderBy} limit ${keyset.limit}),
          lines as (select concat_ws(',', ${cells.join(', ')}) as line, v.decided_at, v.id,
                           row_number() over (order by v.decided_at desc, v.id desc) as n
                      from (select ${HISTORY_CSV_HEADERS.map((header) => `${values[header].sql} as ${header}`).join(', ')},
                                   c.decided_at, c.id
                              from page c
                              join services s on s.id = c.service_id
                              join subscribers sb on sb.id = c.subscriber_id
                              left join users u on u.id = c.decided_by
                              left join users du on du.id = c.discarded_by
                            offset 0) v),
          last as (select decided_at, id from lines order by n desc limit 1)
     select string_agg(line || chr(10), '' order by n) as text, count(*)::int as rows,
            (select to_char(decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
               from last) as last_at,
            (select id from last) as last_id
       from lines`,
    params.values,
  );
  if (!batch || batch.rows === 0 || batch.last_at === null || batch.last_id === null) {
    return { text: '', rows: 0, last: undefined };
  }
  return {
    text: batch.text ?? '',
    rows: batch.rows,
    last: { at: batch.last_at, id: Number(batch.last_id) },
  };
}

/** One decided item in full, or undefined when it is not decided or outside the scope. */
export async function findHistoryItem(
  db: Queryable,
  scope: HistoryScope,
  id: number,
): Promise<HistoryDetail | undefined> {
  const params = new SqlParams();
  const conditions = [
    "c.status = 'decided'",
    `c.id = ${params.add(id)}`,
    ...scopeConditions(scope, params),
  ];
  const [row] = await readRows(db, DETAIL_FIELDS, {
    from: 'contents c',
    where: whereOf(conditions),
    orderBy: 'c.id',
    pageOrder: 'c.id',
    limit: '1',
    params,
  });
  if (!row) return undefined;
  const staff = scope.kind === 'staff';
  const { cursor: _cursor, ...base } = toRow(row, scope);
  const [mediaLog, delivery] = await Promise.all([mediaLogOf(db, id, staff), deliveryOf(db, id)]);
  const status = statusOf(row.moderated_status) ?? {};
  const details = statusOf(row.ai_other_details);
  return {
    ...base,
    content: text(row.content),
    file_url: textOrNull(row.file_url),
    notes: textOrNull(row.notes),
    moderated_status: Object.fromEntries(
      Object.entries(status).filter(
        (entry): entry is [string, number | string] =>
          typeof entry[1] === 'number' || typeof entry[1] === 'string',
      ),
    ),
    ai_response_time: numberOrNull(row.ai_response_time),
    ai_reasoning: textOrNull(details?.reasoning),
    ai_provider: textOrNull(details?.provider),
    timings: {
      arrived_at: base.arrived_at,
      ai_answered_at: isoOrNull(row.ai_answered_at),
      assigned_at: isoOrNull(row.assigned_at),
      loaded_at: isoOrNull(row.loaded_at),
      decided_at: base.decided_at,
    },
    media_log: mediaLog,
    delivery,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function mediaLogOf(db: Queryable, contentId: number, staff: boolean) {
  const rows = await db.query<{
    id: number;
    created_at: Date;
    action: string;
    username: string | null;
    on_enlarged: boolean;
    media_time: number;
    duration: number | null;
  }>(
    `select m.id, m.created_at, m.action, u.username, m.on_enlarged, m.media_time, m.duration
       from media_logs m left join users u on u.id = m.user_id
      where m.content_id = $1
      order by m.created_at, m.id
      limit 500`,
    [contentId],
  );
  return rows.map((row): MediaLogEntry => ({
    id: Number(row.id),
    at: iso(row.created_at),
    action: row.action,
    username: staff ? row.username : null,
    on_enlarged: row.on_enlarged,
    media_time: row.media_time,
    duration: row.duration,
  }));
}

async function deliveryOf(db: Queryable, contentId: number): Promise<HistoryDelivery | null> {
  const delivery = await queryOne<{
    id: number;
    status: HistoryDelivery['status'];
    created_at: Date;
    delivered_at: Date | null;
    next_attempt_at: Date;
  }>(
    db,
    `select id, status, created_at, delivered_at, next_attempt_at
       from deliveries where content_id = $1 and superseded_at is null`,
    [contentId],
  );
  if (!delivery) return null;
  const attempts = await attemptsOf(db, [Number(delivery.id)]);
  return {
    status: delivery.status,
    created_at: iso(delivery.created_at),
    delivered_at: delivery.delivered_at ? iso(delivery.delivered_at) : null,
    next_attempt_at: delivery.status === 'pending' ? iso(delivery.next_attempt_at) : null,
    attempts: attempts.get(Number(delivery.id)) ?? [],
  };
}

/** The choices of the filters: the scope's services, their tags, and (staff) the operators. */
export async function historyOptions(db: Queryable, scope: HistoryScope): Promise<HistoryOptions> {
  const services = await db.query<{ id: number; name: string; tags: string[] }>(
    scope.kind === 'staff'
      ? 'select id, name, tags from services order by lower(name), id'
      : `select s.id, s.name, s.tags from services s
           join user_services us on us.service_id = s.id and us.user_id = $1
          order by lower(s.name), s.id`,
    scope.kind === 'staff' ? [] : [scope.userId],
  );
  const operators =
    scope.kind === 'staff'
      ? await db.query<{ id: number; username: string }>(
          `select u.id, u.username from users u
            where exists (select 1 from role_permissions rp
                           where rp.role_id = u.role_id and rp.permission = 'section_moderation')
            order by lower(u.username)`,
        )
      : [];
  const tags = [...new Set(services.flatMap((service) => service.tags))].sort();
  return {
    services: services.map(({ id, name }) => ({ id, name })),
    tags,
    operators,
  };
}
