import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  dashboardEndpoints,
  type StuckPendingRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type StuckPendingRow = z.infer<typeof StuckPendingRowSchema>;

/** Items pending for too long (can_view_stuck_pending). */
export async function getStuckPending(): Promise<StuckPendingRow[]> {
  return (await api.call(dashboardEndpoints.stuckPending, {})).data;
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
