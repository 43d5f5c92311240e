import type { AiServiceChoice } from '../../../src/contract/ai-services';
import { queryOne, type Queryable } from '../../db/database';
import { newWebhookSecret } from '../delivery/webhook-signature';

/**
 * Client services (the senders of content), their subscribers and configuration. A service's tag
 * options, submit_without_tags and enable_dynamic_tags apply to every item it sends.
 */
export interface ServiceRecord {
  id: number;
  code: string;
  name: string;
  callback_url: string | null;
  tags: string[];
  submit_without_tags: boolean;
  enable_dynamic_tags: boolean;
  ai_word_lists: Record<string, string[]>;
  /** An inactive service's new items are refused at ingest. */
  active: boolean;
  /** Which AI provider answers for its items ('default', 'local' or 'none'). */
  ai_provider: AiServiceChoice;
}

export interface NewService {
  code: string;
  name: string;
  callbackUrl?: string | null;
  tags: string[];
  submitWithoutTags: boolean;
  enableDynamicTags: boolean;
  aiWordLists?: Record<string, string[]>;
}

const SELECT_SERVICE = `select id, code, name, callback_url, tags, submit_without_tags,
       enable_dynamic_tags, ai_word_lists, active, ai_provider from services`;

export async function createService(db: Queryable, service: NewService): Promise<ServiceRecord> {
  const row = await queryOne<ServiceRecord>(
    db,
    `insert into services (code, name, callback_url, webhook_secret, tags, submit_without_tags,
                           enable_dynamic_tags, ai_word_lists)
     values ($1, $2, $3, $4, $5::text[], $6, $7, $8::jsonb)
     returning id, code, name, callback_url, tags, submit_without_tags, enable_dynamic_tags,
               ai_word_lists, active, ai_provider`,
    [
      service.code,
      service.name,
      service.callbackUrl ?? null,
      newWebhookSecret(),
      service.tags,
      service.submitWithoutTags,
      service.enableDynamicTags,
      JSON.stringify(service.aiWordLists ?? {}),
    ],
  );
  if (!row) throw new Error('insert into services returned no row');
  return row;
}

export async function findServiceById(
  db: Queryable,
  id: number,
): Promise<ServiceRecord | undefined> {
  return queryOne<ServiceRecord>(db, `${SELECT_SERVICE} where id = $1`, [id]);
}

export async function findServiceByCode(
  db: Queryable,
  code: string,
): Promise<ServiceRecord | undefined> {
  return queryOne<ServiceRecord>(db, `${SELECT_SERVICE} where code = $1`, [code]);
}

export async function countServices(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(db, 'select count(*)::int as count from services');
  return row?.count ?? 0;
}

/**
 * Subscriber ids of a service for the given external ids, creating the missing ones. The name of
 * a new subscriber is its external id until an administrator renames it.
 */
export async function upsertSubscribers(
  db: Queryable,
  serviceId: number,
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(externalIds)];
  const rows = await db.query<{ id: number; external_id: string }>(
    `with wanted as (select unnest($2::text[]) as external_id),
          inserted as (
            insert into subscribers (service_id, external_id, name)
            select $1, external_id, external_id from wanted
            on conflict (service_id, external_id) do nothing
            returning id, external_id)
     select id, external_id from inserted
     union all
     select s.id, s.external_id from subscribers s join wanted w using (external_id)
      where s.service_id = $1`,
    [serviceId, unique],
  );
  const ids = new Map(rows.map((row) => [row.external_id, row.id]));
  // On PostgreSQL, a subscriber that a concurrent ingest inserted after this statement began is in
  // neither half: the insert waited for that transaction and skipped the row, and the select reads
  // the statement's snapshot, taken before it committed. A new statement sees it.
  const late = unique.filter((externalId) => !ids.has(externalId));
  if (late.length > 0) {
    const more = await db.query<{ id: number; external_id: string }>(
      `select id, external_id from subscribers
        where service_id = $1 and external_id = any($2::text[])`,
      [serviceId, late],
    );
    for (const row of more) ids.set(row.external_id, row.id);
  }
  return ids;
}
