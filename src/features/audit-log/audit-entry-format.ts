import { AUDIT_ACTIONS } from '../../contract/audit';
import { AUDIT_TARGET_TYPES, type AuditLogRow } from '../../contract/audit-log';
import { AUDIT_LOG_TEXTS as TEXTS } from './audit-log-texts';

/** How an audit row reads on screen. Retired action names show as they were stored. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string | undefined>)[action] ?? action;
}

export function targetTypeLabel(type: string): string {
  return (AUDIT_TARGET_TYPES as Record<string, string | undefined>)[type] ?? type;
}

/** 'User #12', 'Setting lease_grace_seconds'; '' when the row has no target. */
export function targetLabel(row: Pick<AuditLogRow, 'target_type' | 'target_id'>): string {
  if (!row.target_type) return '';
  const id = row.target_id ?? '';
  return `${targetTypeLabel(row.target_type)} ${/^\d+$/.test(id) ? `#${id}` : id}`.trim();
}

/**
 * The name behind a user target when the row knows it: recorded in the details (a kick names
 * the user kicked) or the actor themself (a sign-in targets its own user).
 */
export function targetName(
  row: Pick<AuditLogRow, 'target_type' | 'target_id' | 'details' | 'actor_id' | 'actor_username'>,
): string | undefined {
  if (row.target_type !== 'user') return undefined;
  const recorded = row.details.username;
  if (typeof recorded === 'string' && recorded) return recorded;
  if (row.actor_id !== null && String(row.actor_id) === row.target_id) {
    return row.actor_username ?? undefined;
  }
  return undefined;
}

export function actorLabel(row: Pick<AuditLogRow, 'actor_username'>): string {
  return row.actor_username ?? TEXTS.system;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line of the details for the table: 'key: value · key: value', cut to `max`. */
export function detailsPreview(details: Record<string, unknown>, max = 60): string {
  const text = Object.entries(details)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(' · ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The details as the dialog shows them: indented JSON. */
export function detailsJson(details: Record<string, unknown>): string {
  return JSON.stringify(details, null, 2);
}
