import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '../../../contract/endpoint';
import { serviceTokenEndpoints } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

export interface ServiceTokenListParams {
  /** 1-based. */
  page: number;
  perPage: number;
  /** Filters by service name on the server; '' lists every token. */
  serviceName: string;
}

export type ServiceTokenPage = Omit<EndpointResponse<typeof serviceTokenEndpoints.list>, 'ok'>;

/** One page of tokens, newest first, and the total. */
export async function getServiceTokens(
  params: ServiceTokenListParams,
  signal?: AbortSignal,
): Promise<ServiceTokenPage> {
  const { data, total } = await api.call(
    serviceTokenEndpoints.list,
    {
      query: {
        page: params.page,
        per_page: params.perPage,
        service_name: params.serviceName || undefined,
      },
    },
    { signal },
  );
  return { data, total };
}

export function serviceTokensQuery(params: ServiceTokenListParams) {
  return queryOptions({
    queryKey: serviceTokenKeys.list(params),
    queryFn: ({ signal }) => getServiceTokens(params, signal),
    // Keep the current page on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useServiceTokens(params: ServiceTokenListParams) {
  return useQuery(serviceTokensQuery(params));
}
