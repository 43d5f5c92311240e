import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServiceOptionsResponseSchema, type ServiceOption } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

/** GET /api/v2/services/fetch: the services a token can be made for (a bare array, SPEC §7). */
export async function getServiceOptions(): Promise<ServiceOption[]> {
  return api.get('/api/v2/services/fetch', ServiceOptionsResponseSchema);
}

export const serviceOptionsQuery = queryOptions({
  queryKey: serviceTokenKeys.serviceOptions,
  queryFn: getServiceOptions,
});

export function useServiceOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...serviceOptionsQuery, enabled });
}
