import type { SavedReport, SavedReportFilters } from '../../../src/contract/reports';
import { queryOne, type Queryable } from '../../db/database';

/**
 * Saved reports (migration 046's saved_reports): a name and the filters of /reports. A user
 * sees their own and those others shared; names are unique per owner regardless of case.
 */
interface SavedDbRow {
  id: number;
  owner_id: number;
  owner: string;
  name: string;
  filters: SavedReportFilters;
  shared: boolean;
  updated_at: Date;
}

const SELECT = `select r.id, r.owner_id, u.username as owner, r.name, r.filters, r.shared,
                       r.updated_at
                  from saved_reports r join users u on u.id = r.owner_id`;

function toSaved(row: SavedDbRow, viewerId: number): SavedReport {
  return {
    id: Number(row.id),
    name: row.name,
    shared: row.shared,
    filters: row.filters,
    owner_id: row.owner_id,
    owner: row.owner,
    mine: row.owner_id === viewerId,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listSavedReports(db: Queryable, viewerId: number): Promise<SavedReport[]> {
  const rows = await db.query<SavedDbRow>(
    `${SELECT} where r.owner_id = $1 or r.shared
      order by lower(r.name), r.id`,
    [viewerId],
  );
  return rows.map((row) => toSaved(row, viewerId));
}

/** A saved report the viewer may see (their own or shared); undefined otherwise. */
export async function findVisibleSavedReport(
  db: Queryable,
  id: number,
  viewerId: number,
  options: { lock?: boolean } = {},
): Promise<SavedReport | undefined> {
  const row = await queryOne<SavedDbRow>(
    db,
    `${SELECT} where r.id = $1 and (r.owner_id = $2 or r.shared)
      ${options.lock ? 'for update of r' : ''}`,
    [id, viewerId],
  );
  return row ? toSaved(row, viewerId) : undefined;
}

export interface SavedReportFields {
  name: string;
  shared: boolean;
  filters: SavedReportFilters;
}

export async function insertSavedReport(
  db: Queryable,
  ownerId: number,
  fields: SavedReportFields,
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `insert into saved_reports (owner_id, name, filters, shared) values ($1, $2, $3::jsonb, $4)
     returning id`,
    [ownerId, fields.name, JSON.stringify(fields.filters), fields.shared],
  );
  if (!row) throw new Error('saved report insert returned nothing');
  return Number(row.id);
}

export async function updateSavedReport(
  db: Queryable,
  id: number,
  fields: SavedReportFields,
): Promise<void> {
  await db.query(
    `update saved_reports set name = $2, filters = $3::jsonb, shared = $4, updated_at = now()
      where id = $1`,
    [id, fields.name, JSON.stringify(fields.filters), fields.shared],
  );
}

export async function deleteSavedReport(db: Queryable, id: number): Promise<void> {
  await db.query('delete from saved_reports where id = $1', [id]);
}

/** What the filters offer: services by name, and the users whose role may moderate. */
export async function reportOptions(db: Queryable): Promise<{
  services: { id: number; name: string; sla_minutes: number }[];
  operators: { id: number; username: string }[];
}> {
  const services = await db.query<{ id: number; name: string; sla_minutes: number }>(
    'select id, name, sla_minutes from services order by lower(name), id',
  );
  const operators = await db.query<{ id: number; username: string }>(
    `select u.id, u.username from users u
      where exists (select 1 from role_permissions p
                     where p.role_id = u.role_id and p.permission = 'section_moderation')
         or exists (select 1 from contents c where c.decided_by = u.id and c.status = 'decided')
      order by lower(u.username), u.id`,
  );
  return { services, operators };
}
