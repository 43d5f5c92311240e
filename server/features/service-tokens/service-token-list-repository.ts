import type { ServiceTokenRow } from '../../../src/contract/service-tokens';
import { queryOne, type Queryable } from '../../db/database';
import { maskTokenParts } from '../../../src/contract/service-tokens';

/**
 * The token screen's reads. Issuing, revoking and verifying tokens live with the token model in
 * services/service-token-repository.ts; this file only lists and looks up. The raw token is never
 * stored, so a row can only ever show its masked form.
 */
interface TokenRow {
  id: number;
  service_name: string;
  token_first4: string;
  token_last1: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toRow(row: TokenRow): ServiceTokenRow {
  return {
    id: row.id,
    service_name: row.service_name,
    token: maskTokenParts(row.token_first4, row.token_last1),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listServiceTokens(
  db: Queryable,
  query: { page: number; perPage: number; serviceName: string | undefined },
): Promise<{ rows: ServiceTokenRow[]; total: number }> {
  const pattern = query.serviceName ? likePattern(query.serviceName) : null;
  const where = `where ($1::text is null or s.name ilike $1 or s.code ilike $1)`;
  const total = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count
       from service_api_tokens t join services s on s.id = t.service_id ${where}`,
    [pattern],
  );
  const rows = await db.query<TokenRow>(
    `select t.id, s.name as service_name, t.token_first4, t.token_last1, t.expires_at,
            t.revoked_at, t.created_at
       from service_api_tokens t join services s on s.id = t.service_id
       ${where}
      order by t.created_at desc, t.id desc
      limit $2 offset $3`,
    [pattern, query.perPage, (query.page - 1) * query.perPage],
  );
  return { rows: rows.map(toRow), total: total?.count ?? 0 };
}

export async function findServiceToken(
  db: Queryable,
  id: number,
): Promise<ServiceTokenRow | undefined> {
  const row = await queryOne<TokenRow>(
    db,
    `select t.id, s.name as service_name, t.token_first4, t.token_last1, t.expires_at,
            t.revoked_at, t.created_at
       from service_api_tokens t join services s on s.id = t.service_id
      where t.id = $1`,
    [id],
  );
  return row ? toRow(row) : undefined;
}

export async function listServiceOptions(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>('select id, name from services order by name, id');
}
