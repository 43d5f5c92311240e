import { z } from 'zod';
import { AUDIT_ACTION_NAMES } from './audit';
import { dateRangeFilters, DATE_RANGE_ORDER_MESSAGE, rangeInOrder } from './date-range';
import { defineEndpoint, needs } from './endpoint';
import { listQuerySchema, listResponseSchema } from './list';
import { idSchema, textSchema } from './validation';

/**
 * The audit log screen (/user-logs): every change an administrator or user made, newest first,
 * filtered by actor, action, target and a UTC date range, one page at a time or as a CSV file.
 * Read-only: no endpoint changes or removes an audit row.
 */

/** The kinds of target the console records, with the label the filter shows. */
export const AUDIT_TARGET_TYPES = {
  user: 'User',
  role: 'Role',
  service_token: 'API token',
  content: 'Content item',
  setting: 'Setting',
} as const;

/** Optional text filter: trimmed; empty means no filter. */
function textFilter(max: number, what: string) {
  return textSchema(max, what)
    .transform((value) => value.trim() || undefined)
    .optional();
}

const auditFilters = {
  action: z
    .enum(AUDIT_ACTION_NAMES, { error: 'action must be one of the listed actions' })
    .optional(),
  /** The actor's username as the row recorded it (case-insensitive, exact). */
  actor: textFilter(100, 'actor'),
  /** The actor's user id: every row of that user, whatever their username was then. */
  actor_id: idSchema('actor_id').optional(),
  target_type: textFilter(50, 'target_type'),
  target_id: textFilter(100, 'target_id'),
  ...dateRangeFilters,
};

type AuditFilterInput = {
  from?: Date | undefined;
  to?: Date | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
};

const TARGET_NEEDS_TYPE = 'target_id needs target_type: choose what kind of target it is';
const targetHasType = (query: AuditFilterInput) => !query.target_id || Boolean(query.target_type);

const SORTABLE = ['at'] as const;

export const AuditLogQuerySchema = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: 'at',
  defaultOrder: 'desc',
  defaultPerPage: 25,
  filters: auditFilters,
})
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine(targetHasType, { message: TARGET_NEEDS_TYPE, path: ['target_id'] });
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/** The export takes the list's filters and order; it has no pages. */
export const AuditLogExportQuerySchema = z
  .object({
    sort: z.enum(SORTABLE, { error: 'sort must be at' }).default('at'),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
    ...auditFilters,
  })
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine(targetHasType, { message: TARGET_NEEDS_TYPE, path: ['target_id'] });
export type AuditLogExportQuery = z.output<typeof AuditLogExportQuerySchema>;

export const AuditLogRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  actor_id: z.number().int().nullable(),
  /** As it was when the row was written; null for the system. */
  actor_username: z.string().nullable(),
  /** One of AUDIT_ACTIONS (src/contract/audit.ts); older rows may carry retired names. */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** What changed, as the writer recorded it. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof AuditLogRowSchema>;

/** One line of the CSV export, in column order. */
export const AuditLogCsvRowSchema = z.object({
  id: z.number().int(),
  time_utc: z.string(),
  actor: z.string(),
  actor_id: z.number().int().nullable(),
  action: z.string(),
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  address: z.string(),
  details: z.string(),
});

export const auditLogEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit-log',
    access: needs('section_user_logs'),
    summary: 'One page of the audit log, newest first, filtered by actor, action, target and date',
    query: AuditLogQuerySchema,
    response: listResponseSchema(AuditLogRowSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/audit-log/export',
    access: needs('section_user_logs'),
    summary: 'The audit log rows of the current filter as a CSV file (every row, streamed)',
    query: AuditLogExportQuerySchema,
    response: AuditLogCsvRowSchema,
    produces: 'csv',
  }),
};
