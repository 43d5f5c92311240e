import { z } from 'zod';
import { dateRangeFilters, DATE_RANGE_ORDER_MESSAGE, rangeInOrder } from './date-range';
import { defineEndpoint, needs } from './endpoint';
import { listQuerySchema, listResponseSchema } from './list';
import { textSchema } from './validation';

/**
 * The login history screen (/user-login-history): every sign-in attempt, successful or not, with
 * the username typed (also when no such user exists), the time (UTC), the address, the browser
 * and the reason of a failure. Filtered by username, result, address and a UTC date range; one
 * page at a time or as a CSV file.
 */

/** Why a sign-in failed, as the server records it, with the label the screen shows. */
export const LOGIN_FAILURE_REASONS: Record<string, string> = {
  'wrong password': 'Wrong password',
  'unknown user': 'Unknown username',
  disabled: 'Account deactivated',
  throttled: 'Locked: too many failed attempts',
};

export function loginReasonLabel(reason: string | null): string {
  if (reason === null) return '';
  return LOGIN_FAILURE_REASONS[reason] ?? reason;
}

export const LOGIN_RESULTS = ['success', 'failure'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

function textFilter(max: number, what: string) {
  return textSchema(max, what)
    .transform((value) => value.trim() || undefined)
    .optional();
}

const loginFilters = {
  /** The username as typed at sign-in (case-insensitive, exact). */
  user: textFilter(100, 'user'),
  result: z.enum(LOGIN_RESULTS, { error: 'result must be success or failure' }).optional(),
  /** The client address, exact. */
  address: textFilter(100, 'address'),
  ...dateRangeFilters,
};

const SORTABLE = ['attempted_at'] as const;

export const LoginHistoryQuerySchema = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: 'attempted_at',
  defaultOrder: 'desc',
  defaultPerPage: 25,
  filters: loginFilters,
}).refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] });
export type LoginHistoryQuery = z.output<typeof LoginHistoryQuerySchema>;

export const LoginHistoryExportQuerySchema = z
  .object({
    sort: z.enum(SORTABLE, { error: 'sort must be attempted_at' }).default('attempted_at'),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
    ...loginFilters,
  })
  .refine(rangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] });
export type LoginHistoryExportQuery = z.output<typeof LoginHistoryExportQuerySchema>;

export const LoginHistoryRowSchema = z.object({
  id: z.number().int(),
  /** The account the username belonged to, null when none did. */
  user_id: z.number().int().nullable(),
  username: z.string(),
  /** ISO 8601, UTC. */
  attempted_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  success: z.boolean(),
  /** Why it failed (a key of LOGIN_FAILURE_REASONS); null for a success. */
  reason: z.string().nullable(),
});
export type LoginHistoryRow = z.infer<typeof LoginHistoryRowSchema>;

/** One line of the CSV export, in column order. */
export const LoginHistoryCsvRowSchema = z.object({
  time_utc: z.string(),
  username: z.string(),
  user_id: z.number().int().nullable(),
  result: z.enum(LOGIN_RESULTS),
  reason: z.string(),
  address: z.string(),
  user_agent: z.string(),
});

export const loginHistoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/login-history',
    access: needs('section_user_login_history'),
    summary: 'One page of sign-in attempts, newest first, filtered by user, result and date',
    query: LoginHistoryQuerySchema,
    response: listResponseSchema(LoginHistoryRowSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/login-history/export',
    access: needs('section_user_login_history'),
    summary: 'The sign-in attempts of the current filter as a CSV file (every row, streamed)',
    query: LoginHistoryExportQuerySchema,
    response: LoginHistoryCsvRowSchema,
    produces: 'csv',
  }),
};
