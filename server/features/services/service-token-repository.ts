import { queryOne, type Queryable } from '../../db/database';
import { hashSecret, newSecret } from '../auth/tokens';

/**
 * Service API tokens: 256 random bits shown once, stored as SHA-256 with only the first 4 and the
 * last character kept for the masked form (SPEC §5). A token is checked on every ingest call, so
 * a revoke or an expiry takes effect at once.
 */
export interface IssuedToken {
  id: number;
  /** The raw token: returned once, never stored. */
  token: string;
}

export async function issueServiceToken(
  db: Queryable,
  options: {
    serviceId: number;
    createdBy?: number | null;
    expiresAt?: Date | null;
    label?: string | null;
  },
): Promise<IssuedToken> {
  const token = newSecret();
  const row = await queryOne<{ id: number }>(
    db,
    `insert into service_api_tokens
       (service_id, token_hash, token_first4, token_last1, label, expires_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      options.serviceId,
      hashSecret(token),
      token.slice(0, 4),
      token.slice(-1),
      options.label ?? null,
      options.expiresAt ?? null,
      options.createdBy ?? null,
    ],
  );
  if (!row) throw new Error('insert into service_api_tokens returned no id');
  return { id: row.id, token };
}

export async function revokeServiceToken(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    'update service_api_tokens set revoked_at = now() where id = $1 and revoked_at is null returning id',
    [id],
  );
  return rows.length > 0;
}

export type TokenVerdict =
  | { ok: true; serviceId: number; serviceCode: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired'; serviceCode?: string };

export async function verifyServiceToken(db: Queryable, token: string): Promise<TokenVerdict> {
  const row = await queryOne<{
    service_id: number;
    code: string;
    revoked: boolean;
    expired: boolean;
  }>(
    db,
    `select t.service_id, s.code, t.revoked_at is not null as revoked,
            coalesce(t.expires_at <= now(), false) as expired
       from service_api_tokens t join services s on s.id = t.service_id
      where t.token_hash = $1`,
    [hashSecret(token)],
  );
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked) return { ok: false, reason: 'revoked', serviceCode: row.code };
  if (row.expired) return { ok: false, reason: 'expired', serviceCode: row.code };
  return { ok: true, serviceId: row.service_id, serviceCode: row.code };
}

export async function deleteTokensByLabel(
  db: Queryable,
  serviceId: number,
  label: string,
): Promise<void> {
  await db.query('delete from service_api_tokens where service_id = $1 and label = $2', [
    serviceId,
    label,
  ]);
}
