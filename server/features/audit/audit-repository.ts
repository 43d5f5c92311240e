import type { AuditAction } from '../../../src/contract/audit';
import type { Queryable } from '../../db/database';

/**
 * Writes audit rows. Pass the transaction handle of the change being recorded, so the row and
 * the change commit or roll back together: the log never claims a change that did not happen,
 * and no change happens without its row.
 *
 * Actions are `domain.verb` (for example `user.create`, `role.update`, `session.kick`); the
 * catalogue of actions with their labels is in src/contract/audit.ts.
 */
export interface AuditEntry {
  /** The user who acted; null for the system (a worker, a CLI). */
  actor: { id: number; username: string } | null;
  action: AuditAction;
  target?: { type: string; id: string | number } | undefined;
  /** What changed, for the reader: before and after values, never secrets. */
  details?: Record<string, unknown> | undefined;
  ip?: string | null | undefined;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, actor_username, action, target_type, target_id, details, ip)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      entry.actor?.id ?? null,
      entry.actor?.username ?? null,
      entry.action,
      entry.target?.type ?? null,
      entry.target === undefined ? null : String(entry.target.id),
      JSON.stringify(entry.details ?? {}),
      entry.ip ?? null,
    ],
  );
}
