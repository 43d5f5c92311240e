import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  FailedAiResponseSchema,
  type FailedAiRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type FailedAiRow = z.infer<typeof FailedAiRowSchema>;

/** GET /api/aggregators/get/failed/ai-moderate: items the AI provider failed on (can_view_stuck_pending). */
export async function getFailedAiModerate(): Promise<FailedAiRow[]> {
  return (await api.get('/api/aggregators/get/failed/ai-moderate', FailedAiResponseSchema)).data;
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
