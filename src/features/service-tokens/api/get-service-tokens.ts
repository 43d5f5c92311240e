import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ServiceTokenListResponseSchema } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

export interface ServiceTokenListParams {
  /** 1-based. */
  page: number;
  perPage: number;
  /** Filters by service name on the server; '' lists every token. */
  serviceName: string;
}

export type ServiceTokenPage = Omit<z.infer<typeof ServiceTokenListResponseSchema>, 'ok'>;

/** GET /api/service-tokens/ (SPEC §7): one page of tokens, newest first, and the total. */
export async function getServiceTokens(
  params: ServiceTokenListParams,
  signal?: AbortSignal,
): Promise<ServiceTokenPage> {
  const { data, total } = await api.get('/api/service-tokens/', ServiceTokenListResponseSchema, {
    query: {
      page: params.page,
      per_page: params.perPage,
      service_name: params.serviceName || undefined,
    },
    signal,
  });
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
