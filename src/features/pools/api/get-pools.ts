import { queryOptions } from '@tanstack/react-query';
import { poolEndpoints } from '../../../contract/pools';
import { api } from '../../../lib/api-client';
import { poolKeys } from './pool-keys';

/**
 * Every pool with its services and operators, by name. Fetched again whenever the screen opens:
 * the persisted copy shows at once, but another administrator may have changed the pools.
 */
export const poolsQuery = queryOptions({
  queryKey: poolKeys.list,
  staleTime: 0,
  queryFn: async ({ signal }) => (await api.call(poolEndpoints.list, {}, { signal })).data,
});

/** What the pool dialog offers: every service and every active user. */
export const poolOptionsQuery = queryOptions({
  queryKey: poolKeys.options,
  staleTime: 0,
  queryFn: async ({ signal }) => (await api.call(poolEndpoints.options, {}, { signal })).data,
});
