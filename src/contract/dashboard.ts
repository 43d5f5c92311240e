import { z } from 'zod';
import { defineEndpoint, needs, needsAll } from './endpoint';

/**
 * The dashboard's tables (SPEC §2 Dashboard, §3 row types, §7 calls). The live counts come over
 * the /moderation-statistics socket (DashboardStat in socket-events.ts).
 */
export const FailedContentRequestRowSchema = z.object({
  id: z.number().int(),
  service_code: z.string(),
  type: z.string(),
  response: z.string(),
  request: z.string(),
  created_at: z.string(),
});

export const FailedEndpointResponseRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  content_id: z.number().int(),
  response: z.string(),
  attempts: z.number().int(),
  status: z.string(),
});

export const StuckPendingRowSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  bound_time: z.string(),
});

export const FailedAiRowSchema = z.object({
  id: z.number().int(),
  ai_status: z.string(),
  ai_name: z.string(),
  response: z.string(),
  bound_time: z.string(),
});

export const StuckFailedRowSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  moderated_status: z.string(),
  bound_time: z.string(),
});

const listOf = <T extends z.ZodType>(row: T) =>
  z.object({ ok: z.literal(true), data: z.array(row) });

/** GET /api/content/get/requests */
export const FailedContentRequestsResponseSchema = listOf(FailedContentRequestRowSchema);
/** GET /api/aggregators/get/responses */
export const FailedEndpointResponsesResponseSchema = listOf(FailedEndpointResponseRowSchema);
/** GET /api/aggregators/get/stuck/pending (can_view_stuck_pending) */
export const StuckPendingResponseSchema = listOf(StuckPendingRowSchema);
/** GET /api/aggregators/get/failed/ai-moderate (can_view_stuck_pending) */
export const FailedAiResponseSchema = listOf(FailedAiRowSchema);
/** GET /api/aggregators/get/pending/stuckPending (can_view_stuck_pending) */
export const StuckFailedResponseSchema = listOf(StuckFailedRowSchema);

/**
 * The dashboard's tables, newest first and bounded. Stuck Pending, Failed Ai Moderate and Stuck
 * Failed also need can_view_stuck_pending.
 */
export const dashboardEndpoints = {
  failedContentRequests: defineEndpoint({
    method: 'GET',
    path: '/api/content/get/requests',
    access: needs('section_dashboard'),
    summary: 'Ingest requests the server refused',
    response: FailedContentRequestsResponseSchema,
  }),
  failedEndpointResponses: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/get/responses',
    access: needs('section_dashboard'),
    summary: "Result deliveries to a service's callback that failed or are retrying",
    response: FailedEndpointResponsesResponseSchema,
  }),
  stuckPending: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/get/stuck/pending',
    access: needsAll('section_dashboard', 'can_view_stuck_pending'),
    summary: 'Items pending longer than the stuck_pending_minutes setting',
    response: StuckPendingResponseSchema,
  }),
  failedAiModerate: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/get/failed/ai-moderate',
    access: needsAll('section_dashboard', 'can_view_stuck_pending'),
    summary: 'Items the AI provider failed on',
    response: FailedAiResponseSchema,
  }),
  stuckFailed: defineEndpoint({
    method: 'GET',
    path: '/api/aggregators/get/pending/stuckPending',
    access: needsAll('section_dashboard', 'can_view_stuck_pending'),
    summary: 'Decided items whose delivery was given up',
    response: StuckFailedResponseSchema,
  }),
};

/**
 * How often each dashboard table is fetched again: failures every 10 s, the hourly AI tables
 * every hour (SPEC §9).
 */
export const DASHBOARD_REFETCH_MS = {
  failedRequests: 10_000,
  failedResponses: 10_000,
  stuckPending: 3_600_000,
  failedAi: 3_600_000,
  stuckFailed: 10_000,
} as const;

export const DASHBOARD_STAT_POLL_MS = 2_000;

export const DASHBOARD_TEXTS = {
  cards: ['Total Pending', 'Pending Queue', 'Assigned', 'Moderating', 'Handled'] as const,
  servicesColumns: [
    'Service',
    'Online Users',
    'Total Pending',
    'Pending Contents',
    'Assigned Contents',
  ] as const,
  failedContentRequests: 'Failed Content Requests',
  failedEndpointResponses: 'Failed End-Point Responses',
  stuckPending: 'Stuck Pending',
  failedAiModerate: 'Failed Ai Moderate',
  stuckFailed: 'Stuck Failed',
} as const;

/** SPEC §9: table cell previews are cut at 20 to 30 characters. */
export const PREVIEW_LENGTH = 25;
export function preview(value: string, length = PREVIEW_LENGTH): string {
  return value.length > length ? `${value.slice(0, length)}...` : value;
}
