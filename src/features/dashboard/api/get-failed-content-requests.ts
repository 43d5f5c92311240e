import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  dashboardEndpoints,
  type FailedContentRequestRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type FailedContentRequestRow = z.infer<typeof FailedContentRequestRowSchema>;

/** Ingest requests the server refused. */
export async function getFailedContentRequests(): Promise<FailedContentRequestRow[]> {
  return (await api.call(dashboardEndpoints.failedContentRequests, {})).data;
}

/** Refetched every 10 s (SPEC §9). */
export const failedContentRequestsQuery = queryOptions({
  queryKey: dashboardKeys.failedContentRequests,
  queryFn: getFailedContentRequests,
  refetchInterval: DASHBOARD_REFETCH_MS.failedRequests,
});

export function useFailedContentRequests() {
  return useQuery(failedContentRequestsQuery);
}
