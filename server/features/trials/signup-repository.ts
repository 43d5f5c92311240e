import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import type { SignupRow, SignupSort } from '../../../src/contract/trial-signups';
import { queryOne, type Queryable } from '../../db/database';

/**
 * Contact details prospects left on the trial pages (trial_signups), and the reads of the
 * "Trial sign-ups" list on /users: a page with search, brand and dates, and the CSV export in
 * keyset batches (newest first).
 */
export interface NewSignup {
  brandId: number | null;
  brandName: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

export async function insertSignup(db: Queryable, signup: NewSignup): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `insert into trial_signups (brand_id, brand_name, name, email, company, phone, message)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      signup.brandId,
      signup.brandName,
      signup.name,
      signup.email,
      signup.company,
      signup.phone,
      signup.message,
    ],
  );
  if (!row) throw new Error('trial sign-up not stored');
  return row.id;
}

export interface SignupFilter {
  search?: string | undefined;
  brandId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

interface DbRow {
  id: number;
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  brand_slug: string | null;
  brand_name: string;
  created_at: Date | string;
}

const SELECT_ROW = `
  select s.id, s.name, s.email, s.company, s.phone, s.message, b.slug as brand_slug,
         coalesce(b.name, s.brand_name) as brand_name, s.created_at
    from trial_signups s left join trial_brands b on b.id = s.brand_id`;

function toRow(row: DbRow): SignupRow {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: SignupFilter): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.search) {
    add(
      (n) => `(s.name ilike ${n} or s.email ilike ${n} or s.company ilike ${n})`,
      likePattern(filter.search),
    );
  }
  if (filter.brandId !== undefined) add((n) => `s.brand_id = ${n}`, filter.brandId);
  if (filter.from) add((n) => `s.created_at >= ${n}`, filter.from);
  if (filter.to) add((n) => `s.created_at <= ${n}`, filter.to);
  return { conditions, params };
}

const SORT_COLUMNS: Record<SignupSort, string> = {
  created: 's.created_at',
  name: 'lower(s.name)',
  email: 'lower(s.email)',
  company: 'lower(s.company)',
};

export async function listSignups(
  db: Queryable,
  query: {
    filter: SignupFilter;
    sort: SignupSort;
    order: SortOrder;
    page: number;
    perPage: number;
  },
): Promise<{ rows: SignupRow[]; total: number; capped: boolean }> {
  const { conditions, params } = whereOf(query.filter);
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from (
       select 1 from trial_signups s ${where} limit ${TOTAL_CAP + 1}) matching`,
    params,
  );
  const count = counted?.count ?? 0;
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where}
      order by ${SORT_COLUMNS[query.sort]} ${direction}, s.id ${direction}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  return { rows: rows.map(toRow), total: Math.min(count, TOTAL_CAP), capped: count > TOTAL_CAP };
}

/** One batch of the export, newest first, after the row with id `after`. */
export async function exportSignupsBatch(
  db: Queryable,
  filter: SignupFilter,
  after: number | undefined,
  size = 500,
): Promise<SignupRow[]> {
  const { conditions, params } = whereOf(filter);
  if (after !== undefined) {
    params.push(after);
    conditions.push(`s.id < $${params.length}`);
  }
  params.push(size);
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where} order by s.id desc limit $${params.length}`,
    params,
  );
  return rows.map(toRow);
}

/** Deletes the sign-up and answers what it held, or undefined when there was none. */
export async function deleteSignup(db: Queryable, id: number): Promise<SignupRow | undefined> {
  const row = await queryOne<DbRow>(
    db,
    `with gone as (delete from trial_signups where id = $1 returning *)
     select g.id, g.name, g.email, g.company, g.phone, g.message, b.slug as brand_slug,
            coalesce(b.name, g.brand_name) as brand_name, g.created_at
       from gone g left join trial_brands b on b.id = g.brand_id`,
    [id],
  );
  return row ? toRow(row) : undefined;
}
