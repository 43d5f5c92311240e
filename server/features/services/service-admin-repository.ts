import { TOTAL_CAP, type SortOrder } from '../../../src/contract/list';
import type {
  AiDecidesAlone,
  AiProviderChoice,
  ServiceForm,
  ServiceRow,
  ServiceSort,
} from '../../../src/contract/services';
import type { Treatment } from '../../../src/contract/wellbeing';
import { queryOne, type Queryable } from '../../db/database';

/**
 * The /services screen's reads and writes. No query here selects a secret into a row: the
 * secret leaves the database only through rotateServiceSecret's and createServiceWithSecret's
 * callers, which answer it once.
 *
 * A code is "used" when the service has an API token or a subscriber. Every content item has a
 * subscriber of its service (made by the same ingest transaction, removed only with its items'
 * service), so "has a subscriber" covers "has content" through an index, where asking contents
 * directly would scan the whole table for a service that has none.
 */
interface DbRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  priority: number;
  tags: string[];
  tag_labels: Record<string, string>;
  submit_without_tags: boolean;
  enable_dynamic_tags: boolean;
  ai_provider: AiProviderChoice;
  ai_decides_alone: AiDecidesAlone;
  sla_minutes: number;
  ai_word_lists: Record<string, string[]>;
  callback_url: string | null;
  protect_operators: Treatment;
  code_locked: boolean;
  webhook_secret_previous_expires_at: Date | null;
  subscriber_count: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ROW = `
  select s.id, s.code, s.name, s.active, s.priority, s.tags, s.tag_labels, s.submit_without_tags,
         s.enable_dynamic_tags, s.ai_provider, s.ai_decides_alone, s.sla_minutes, s.ai_word_lists,
         s.callback_url, s.protect_operators,
         (exists (select 1 from service_api_tokens t where t.service_id = s.id)
          or exists (select 1 from subscribers b where b.service_id = s.id)) as code_locked,
         case when s.webhook_secret_previous is not null
                   and s.webhook_secret_previous_expires_at > now()
              then s.webhook_secret_previous_expires_at end
           as webhook_secret_previous_expires_at,
         (select count(*)::int from subscribers b where b.service_id = s.id) as subscriber_count,
         s.created_at, s.updated_at
    from services s`;

const iso = (value: Date) => new Date(value).toISOString();

function toRow(row: DbRow): ServiceRow {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active,
    priority: row.priority,
    tags: row.tags.map((name) => ({ name, label: row.tag_labels[name] ?? '' })),
    submit_without_tags: row.submit_without_tags,
    enable_dynamic_tags: row.enable_dynamic_tags,
    ai_provider: row.ai_provider,
    ai_decides_alone: row.ai_decides_alone,
    sla_minutes: row.sla_minutes,
    ai_word_lists: row.ai_word_lists,
    callback_url: row.callback_url,
    protect_operators: row.protect_operators,
    code_locked: row.code_locked,
    previous_secret_expires_at: row.webhook_secret_previous_expires_at
      ? iso(row.webhook_secret_previous_expires_at)
      : null,
    subscriber_count: row.subscriber_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b", not "axb". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const SORT_COLUMNS: Record<ServiceSort, string> = {
  name: 'lower(s.name)',
  code: 'lower(s.code)',
  priority: 's.priority',
  created: 's.created_at',
};

export async function listServices(
  db: Queryable,
  query: {
    search: string | undefined;
    active: boolean | undefined;
    sort: ServiceSort;
    order: SortOrder;
    page: number;
    perPage: number;
  },
): Promise<{ rows: ServiceRow[]; total: number; capped: boolean }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.search) {
    params.push(likePattern(query.search));
    conditions.push(`(s.name ilike $${params.length} or s.code ilike $${params.length})`);
  }
  if (query.active !== undefined) {
    params.push(query.active);
    conditions.push(`s.active = $${params.length}::boolean`);
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const counted = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from (
       select 1 from services s ${where} limit ${TOTAL_CAP + 1}) matching`,
    params,
  );
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const rows = await db.query<DbRow>(
    `${SELECT_ROW} ${where}
      order by ${SORT_COLUMNS[query.sort]} ${direction}, s.id ${direction}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  const count = counted?.count ?? 0;
  return {
    rows: rows.map(toRow),
    total: Math.min(count, TOTAL_CAP),
    capped: count > TOTAL_CAP,
  };
}

export async function findServiceRow(db: Queryable, id: number): Promise<ServiceRow | undefined> {
  const row = await queryOne<DbRow>(db, `${SELECT_ROW} where s.id = $1`, [id]);
  return row ? toRow(row) : undefined;
}

/** Locks the service's row for a change; answers its code and whether the code is used. */
export async function lockService(
  db: Queryable,
  id: number,
): Promise<{ code: string; codeLocked: boolean } | undefined> {
  const row = await queryOne<{ code: string }>(
    db,
    'select code from services where id = $1 for update',
    [id],
  );
  if (!row) return undefined;
  const used = await queryOne<{ used: boolean }>(
    db,
    `select exists (select 1 from service_api_tokens where service_id = $1)
         or exists (select 1 from subscribers where service_id = $1) as used`,
    [id],
  );
  return { code: row.code, codeLocked: used?.used ?? true };
}

/** Whether another service (not `exceptId`) has this code or name, regardless of case. */
export async function serviceFieldTaken(
  db: Queryable,
  field: 'code' | 'name',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await queryOne<{ taken: boolean }>(
    db,
    `select exists (select 1 from services where lower(${field}) = lower($1)
                      and ($2::int is null or id <> $2)) as taken`,
    [value, exceptId ?? null],
  );
  return row?.taken ?? false;
}

function formParams(form: ServiceForm): unknown[] {
  const labels: Record<string, string> = {};
  for (const tag of form.tags) if (tag.label) labels[tag.name] = tag.label;
  return [
    form.code,
    form.name,
    form.active,
    form.priority,
    form.tags.map((tag) => tag.name),
    JSON.stringify(labels),
    form.submit_without_tags,
    form.enable_dynamic_tags,
    form.ai_provider,
    JSON.stringify(form.ai_word_lists),
    form.callback_url,
    form.ai_decides_alone,
    form.sla_minutes,
  ];
}

export async function insertService(
  db: Queryable,
  form: ServiceForm,
  secret: string,
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    `insert into services (code, name, active, priority, tags, tag_labels, submit_without_tags,
                           enable_dynamic_tags, ai_provider, ai_word_lists, callback_url,
                           ai_decides_alone, sla_minutes, webhook_secret)
     values ($1, $2, $3, $4, $5::text[], $6::jsonb, $7, $8, $9, $10::jsonb, $11, $12, $13, $14)
     returning id`,
    [...formParams(form), secret],
  );
  if (!row) throw new Error('insert into services returned no id');
  await saveProtectOperators(db, row.id, form.protect_operators);
  return row.id;
}

/**
 * Saves the form. A callback URL that changes clears the 410 switch: the receiver that asked us
 * to stop is no longer the one deliveries go to.
 */
export async function updateService(db: Queryable, id: number, form: ServiceForm): Promise<void> {
  await db.query(
    `update services
        set code = $1, name = $2, active = $3, priority = $4, tags = $5::text[],
            tag_labels = $6::jsonb, submit_without_tags = $7, enable_dynamic_tags = $8,
            ai_provider = $9, ai_word_lists = $10::jsonb,
            delivery_disabled_at = case when callback_url is distinct from $11
                                        then null else delivery_disabled_at end,
            delivery_disabled_reason = case when callback_url is distinct from $11
                                            then null else delivery_disabled_reason end,
            callback_url = $11, ai_decides_alone = $12, sla_minutes = $13, updated_at = now()
      where id = $14`,
    [...formParams(form), id],
  );
  await saveProtectOperators(db, id, form.protect_operators);
}

/** Operators' wellbeing: what the service forces on its media (a statement of its own). */
async function saveProtectOperators(db: Queryable, id: number, treatment: Treatment) {
  await db.query('update services set protect_operators = $2 where id = $1', [id, treatment]);
}

/**
 * Puts a new secret in place; the current one becomes the previous one until `previousUntil`
 * (null: it stops signing at once, and is not kept).
 */
export async function rotateServiceSecret(
  db: Queryable,
  id: number,
  secret: string,
  previousUntil: Date | null,
): Promise<void> {
  await db.query(
    `update services
        set webhook_secret_previous = case when $3::timestamptz is null then null
                                           else webhook_secret end,
            webhook_secret_previous_expires_at = $3::timestamptz,
            webhook_secret = $2, updated_at = now()
      where id = $1`,
    [id, secret, previousUntil],
  );
}
