import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { customerHistoryEndpoints, historyEndpoints } from '../../../contract/history';
import { api } from '../../../lib/api-client';
import { listQueryOptions } from '../../../ui/data-table/list-query';

/**
 * The history's reads, for staff (/modhistory) or for a customer (/customer-moderation). The
 * customer's endpoints take the staff query without operator_id and answer the same shapes, so
 * the screen is one component over either set.
 */
export type HistoryVariant = 'staff' | 'customer';

export const HISTORY_ENDPOINTS: Record<HistoryVariant, typeof historyEndpoints> = {
  staff: historyEndpoints,
  // The same paths' shapes; the screen never offers the operator filter to customers.
  customer: customerHistoryEndpoints as unknown as typeof historyEndpoints,
};

export type HistoryListQuery = EndpointInput<typeof historyEndpoints.list>['query'];

export function useHistoryList(variant: HistoryVariant, query: HistoryListQuery) {
  return useQuery(
    listQueryOptions(['history', variant, 'list'], HISTORY_ENDPOINTS[variant].list, query),
  );
}

export function useHistoryItem(variant: HistoryVariant, id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['history', variant, 'item', id],
      queryFn: async ({ signal }) =>
        (await api.call(HISTORY_ENDPOINTS[variant].detail, { params: { id: id ?? 0 } }, { signal }))
          .data,
      enabled: id !== null,
    }),
  );
}

export function useHistoryOptions(variant: HistoryVariant) {
  return useQuery(
    queryOptions({
      queryKey: ['history', variant, 'options'],
      queryFn: async ({ signal }) =>
        (await api.call(HISTORY_ENDPOINTS[variant].options, {}, { signal })).data,
      staleTime: 5 * 60_000,
    }),
  );
}
