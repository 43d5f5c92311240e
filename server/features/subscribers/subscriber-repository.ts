import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import {
  SUBSCRIBER_OPTIONS_LIMIT,
  type SubscriberFormInput,
  type SubscriberOption,
  type SubscriberRow,
  type SubscriberSort,
} from '../../../src/contract/subscribers';
import { queryOne, type Queryable } from '../../db/database';

/**
 * The /subscriber screen's reads and writes, and the ingest check for blocked subscribers.
 * Subscribers are made by ingest (upsertSubscribers in services/service-repository.ts); nothing
 * here creates one.
 */
interface DbRow {
  id: number;
  service_id: number;
  service_name: string;
  external_id: string;
  name: string;
  notes: string;
  blocked: boolean;
  blocked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ROW = `
  select b.id, b.service_id, s.name as service_name, b.external_id, b.name, b.notes, b.blocked,
         b.blocked_at, b.created_at, b.updated_at
    from subscribers b join services s on s.id = b.service_id`;

const iso = (value: Date) => new Date(value).toISOString();

function toRow(row: DbRow): SubscriberRow {
  return {
    ...row,
    blocked_at: row.blocked_at ? iso(row.blocked_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b", not "axb". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const SORT_COLUMNS: Record<SubscriberSort, string> = {
  name: 'lower(b.name)',
  external_id: 'b.external_id',
  service: 'lower(s.name)',
  created: 'b.created_at',
};

export interface SubscriberFilter {
  serviceId?: number | undefined;
  search?: string | undefined;
  blocked?: boolean | undefined;
}

function whereOf(filter: SubscriberFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.serviceId !== undefined) add((n) => `b.service_id = ${n}`, filter.serviceId);
  if (filter.search) {
    add((n) => `(b.external_id ilike ${n} or b.name ilike ${n})`, likePattern(filter.search));
  }
  if (filter.blocked !== undefined) add((n) => `b.blocked = ${n}::boolean`, filter.blocked);
  return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

export async function listSubscribers(
  db: Queryable,
  query: {
    filter: SubscriberFilter;
    sort: SubscriberSort;
    order: SortOrder;
    page: number;
    perPage: number;
  },
): Promise<{ rows: SubscriberRow[]; total: number; capped: boolean }> {
  const where = whereOf(query.filter);
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from (
       select 1 from subscribers b ${where.sql} limit ${TOTAL_CAP + 1}) matching`,
    where.params,
  );
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const n = where.params.length;
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where.sql}
      order by ${SORT_COLUMNS[query.sort]} ${direction}, b.id ${direction}
      limit $${n + 1} offset $${n + 2}`,
    [...where.params, query.perPage, (query.page - 1) * query.perPage],
  );
  const count = counted?.count ?? 0;
  return {
    rows: rows.map(toRow),
    total: Math.min(count, TOTAL_CAP),
    capped: count > TOTAL_CAP,
  };
}

/** One service's subscribers for a picker, by name, at most SUBSCRIBER_OPTIONS_LIMIT. */
export async function listSubscriberOptions(
  db: Queryable,
  serviceId: number,
  search: string | undefined,
): Promise<SubscriberOption[]> {
  return db.query<SubscriberOption>(
    `select id, name from subscribers
      where service_id = $1 and ($2::text is null or name ilike $2 or external_id ilike $2)
      order by lower(name), id
      limit ${SUBSCRIBER_OPTIONS_LIMIT}`,
    [serviceId, search ? likePattern(search) : null],
  );
}

export async function findSubscriberRow(
  db: Queryable,
  id: number,
): Promise<SubscriberRow | undefined> {
  const row = await queryOne<DbRow>(db, `${SELECT_ROW} where b.id = $1`, [id]);
  return row ? toRow(row) : undefined;
}

/** Saves the form; blocked_at is the time of the block, kept while it stays blocked. */
export async function updateSubscriber(
  db: Queryable,
  id: number,
  form: Required<SubscriberFormInput>,
): Promise<boolean> {
  const rows = await db.query(
    `update subscribers
        set name = $2, notes = $3, blocked = $4,
            blocked_at = case when not $4 then null
                              when blocked then blocked_at else now() end,
            updated_at = now()
      where id = $1 returning id`,
    [id, form.name, form.notes, form.blocked],
  );
  return rows.length > 0;
}

/** The external ids among `externalIds` that are blocked subscribers of the service. */
export async function blockedExternalIds(
  db: Queryable,
  serviceId: number,
  externalIds: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ external_id: string }>(
    `select external_id from subscribers
      where service_id = $1 and external_id = any($2::text[]) and blocked
      order by external_id`,
    [serviceId, [...new Set(externalIds)]],
  );
  return rows.map((row) => row.external_id);
}
