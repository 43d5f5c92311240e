import type { BrandRow } from '../../../src/contract/trials';
import { queryOne, type Queryable } from '../../db/database';
import { findSampleSet } from './sample-sets';

/**
 * Trial brands (trial_brands): the admin list with how much each brand's pages were used, and
 * the lookup of the public pages, which see only active brands.
 */
export interface BrandFields {
  slug: string;
  name: string;
  primary_color: string;
  accent_color: string;
  sample_set: string;
  headline: string;
  active: boolean;
}

export interface BrandRecord extends BrandFields {
  id: number;
}

interface DbRow extends BrandRecord {
  decisions: number;
  signups: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT_ROW = `
  select b.id, b.slug, b.name, b.primary_color, b.accent_color, b.sample_set, b.headline,
         b.active, b.created_at, b.updated_at,
         coalesce((select sum(c.decisions) from trial_decision_counts c
                    where c.brand_id = b.id), 0)::int as decisions,
         (select count(*) from trial_signups s where s.brand_id = b.id)::int as signups
    from trial_brands b`;

function toRow(row: DbRow): BrandRow {
  return {
    ...row,
    sample_set_title: findSampleSet(row.sample_set)?.title ?? row.sample_set,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listBrands(db: Queryable): Promise<BrandRow[]> {
  const rows = await db.query<DbRow>(`${SELECT_ROW} order by lower(b.name), b.id`);
  return rows.map(toRow);
}

export async function findBrandRow(db: Queryable, id: number): Promise<BrandRow | undefined> {
  const row = await queryOne<DbRow>(db, `${SELECT_ROW} where b.id = $1`, [id]);
  return row ? toRow(row) : undefined;
}

export async function countBrands(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    'select count(*)::int as count from trial_brands',
  );
  return row?.count ?? 0;
}

/** The brand a public page names, if it exists and is active; slugs are stored lower-case. */
export async function findActiveBrand(
  db: Queryable,
  slug: string,
): Promise<BrandRecord | undefined> {
  return queryOne<BrandRecord>(
    db,
    `select id, slug, name, primary_color, accent_color, sample_set, headline, active
       from trial_brands where slug = $1 and active`,
    [slug.toLowerCase()],
  );
}

export async function slugTaken(db: Queryable, slug: string, exceptId?: number): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    'select id from trial_brands where slug = $1 and id is distinct from $2',
    [slug, exceptId ?? null],
  );
  return row !== undefined;
}

export async function insertBrand(db: Queryable, fields: BrandFields): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `insert into trial_brands (slug, name, primary_color, accent_color, sample_set, headline, active)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      fields.slug,
      fields.name,
      fields.primary_color,
      fields.accent_color,
      fields.sample_set,
      fields.headline,
      fields.active,
    ],
  );
  if (!row) throw new Error('trial brand not inserted');
  return row.id;
}

/** Locks the brand's row for a change and answers it as it was. */
export async function lockBrand(db: Queryable, id: number): Promise<BrandRecord | undefined> {
  return queryOne<BrandRecord>(
    db,
    `select id, slug, name, primary_color, accent_color, sample_set, headline, active
       from trial_brands where id = $1 for update`,
    [id],
  );
}

export async function updateBrand(db: Queryable, id: number, fields: BrandFields): Promise<void> {
  await db.query(
    `update trial_brands
        set slug = $2, name = $3, primary_color = $4, accent_color = $5, sample_set = $6,
            headline = $7, active = $8, updated_at = now()
      where id = $1`,
    [
      id,
      fields.slug,
      fields.name,
      fields.primary_color,
      fields.accent_color,
      fields.sample_set,
      fields.headline,
      fields.active,
    ],
  );
}

export async function deleteBrand(db: Queryable, id: number): Promise<void> {
  await db.query('delete from trial_brands where id = $1', [id]);
}
