import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  dashboardEndpoints,
  type FailedAiRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type FailedAiRow = z.infer<typeof FailedAiRowSchema>;

/** Items the AI provider failed on (can_view_stuck_pending). */
export async function getFailedAiModerate(): Promise<FailedAiRow[]> {
  return (await api.call(dashboardEndpoints.failedAiModerate, {})).data;
}

/** Refetched every hour (SPEC §9). */
export const failedAiModerateQuery = queryOptions({
  queryKey: dashboardKeys.failedAiModerate,
  queryFn: getFailedAiModerate,
  refetchInterval: DASHBOARD_REFETCH_MS.failedAi,
});

export function useFailedAiModerate() {
  return useQuery(failedAiModerateQuery);
}
