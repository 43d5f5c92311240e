import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  StuckPendingResponseSchema,
  type StuckPendingRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type StuckPendingRow = z.infer<typeof StuckPendingRowSchema>;

/** GET /api/aggregators/get/stuck/pending: items pending for too long (can_view_stuck_pending). */
export async function getStuckPending(): Promise<StuckPendingRow[]> {
  return (await api.get('/api/aggregators/get/stuck/pending', StuckPendingResponseSchema)).data;
}

/** Refetched every hour (SPEC §9). */
export const stuckPendingQuery = queryOptions({
  queryKey: dashboardKeys.stuckPending,
  queryFn: getStuckPending,
  refetchInterval: DASHBOARD_REFETCH_MS.stuckPending,
});

export function useStuckPending() {
  return useQuery(stuckPendingQuery);
}
