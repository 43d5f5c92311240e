import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DASHBOARD_REFETCH_MS,
  dashboardEndpoints,
  type FailedEndpointResponseRowSchema,
} from '../../../contract/dashboard';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

export type FailedEndpointResponseRow = z.infer<typeof FailedEndpointResponseRowSchema>;

/** Result deliveries to a service's callback that failed. */
export async function getFailedEndpointResponses(): Promise<FailedEndpointResponseRow[]> {
  return (await api.call(dashboardEndpoints.failedEndpointResponses, {})).data;
}

/** Refetched every 10 s (SPEC §9). */
export const failedEndpointResponsesQuery = queryOptions({
  queryKey: dashboardKeys.failedEndpointResponses,
  queryFn: getFailedEndpointResponses,
  refetchInterval: DASHBOARD_REFETCH_MS.failedResponses,
});

export function useFailedEndpointResponses() {
  return useQuery(failedEndpointResponsesQuery);
}
