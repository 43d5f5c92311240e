import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceTokenEndpoints, type ServiceOption } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

/** The services a token can be made for. */
export async function getServiceOptions(): Promise<ServiceOption[]> {
  return api.call(serviceTokenEndpoints.serviceOptions, {});
}

export const serviceOptionsQuery = queryOptions({
  queryKey: serviceTokenKeys.serviceOptions,
  queryFn: getServiceOptions,
});

export function useServiceOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...serviceOptionsQuery, enabled });
}
