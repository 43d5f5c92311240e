import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint, EndpointInput } from '../../contract/endpoint';
import { api } from '../../lib/api-client';

/** One page of a server-paginated list, as the kit's table takes it. */
export interface ListPage<Row> {
  data: Row[];
  total: number;
  /** True when more rows match than `total` (the server stopped counting at TOTAL_CAP). */
  total_capped?: boolean | undefined;
  /** Keyset lists (keysetQueryOptions): the `after` of the next page, null on the last. */
  next_cursor?: string | null | undefined;
  /** Keyset lists: the `before` of the previous page, null on the first. */
  prev_cursor?: string | null | undefined;
}

type ListEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType,
  z.ZodType | undefined,
  z.ZodType<{ data: unknown[]; total: number; total_capped?: boolean | undefined }>
>;

type RowOf<E extends ListEndpoint> = z.output<E['response']>['data'][number];

/**
 * Query options of one page of a list endpoint (offset or keyset): keyed by `key` and the
 * query, and keeping the page on screen while the next one loads (keepPreviousData), so paging
 * never flashes an empty table. A feature's `api/get-<list>.ts` wraps this in its own query
 * function.
 */
export function listQueryOptions<E extends ListEndpoint>(
  key: readonly unknown[],
  endpoint: E,
  query: EndpointInput<E>['query'],
) {
  return queryOptions({
    queryKey: [...key, query ?? {}],
    queryFn: async ({ signal }): Promise<ListPage<RowOf<E>>> => {
      const answer = await api.call(endpoint, { query } as EndpointInput<E>, { signal });
      // Keyset lists also answer the cursors of the neighbouring pages.
      const { data, total, total_capped, next_cursor, prev_cursor } = answer as ListPage<RowOf<E>>;
      return { data, total, total_capped, next_cursor, prev_cursor };
    },
    placeholderData: keepPreviousData,
  });
}
