import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  dashboardEndpoints,
  type StuckFailedRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type StuckFailedRow = z.infer<typeof StuckFailedRowSchema>;

/** Decided items whose delivery failed for good (can_view_stuck_pending). */
export async function getStuckFailed(): Promise<StuckFailedRow[]> {
  return (await api.call(dashboardEndpoints.stuckFailed, {})).data;
}

/** Refetched every 10 s (SPEC §9). */
export const stuckFailedQuery = queryOptions({
  queryKey: dashboardKeys.stuckFailed,
  queryFn: getStuckFailed,
  refetchInterval: DASHBOARD_REFETCH_MS.stuckFailed,
});

export function useStuckFailed() {
  return useQuery(stuckFailedQuery);
}
