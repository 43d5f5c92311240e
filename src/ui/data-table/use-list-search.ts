import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import type { SortOrder } from '../../contract/list';
import {
  listKeys,
  listSchema,
  parseListSearch,
  sortableColumns,
  toUrlForm,
  withoutDefaults,
  type ListQuerySchema,
  type ListSource,
  type ListUrlSearch,
} from './list-search';

export interface ListSearchState<S extends ListQuerySchema> {
  /** The parsed query with its defaults: page, per_page, sort, order and the filters. */
  query: z.output<S>;
  /** The same query as the API takes it, for `api.call(endpoint, { query })` and query keys. */
  apiQuery: z.input<S>;
  /** The filters and sort without page, per_page and cursors: the query of its CSV export. */
  filterQuery: z.input<S>;
  /** The URL's own values (what a filter bar shows), each optional text. */
  search: ListUrlSearch<S>;
  page: number;
  perPage: number;
  sort: string | undefined;
  order: SortOrder;
  /** The columns the schema lets the list sort by. */
  sortable: readonly string[];
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /**
   * Keyset lists: goes to the page a cursor names (`after` for older rows, `before` for newer,
   * neither for the first page), showing `page` as its number.
   */
  setCursor: (cursor: { after?: string; before?: string }, page: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (sort: string, order: SortOrder) => void;
  /** Sets filters ('' or undefined removes one) and goes back to page 1. */
  setFilters: (patch: ListUrlSearch<S>, options?: { replace?: boolean }) => void;
  /** Removes every filter, the sort and the page. */
  reset: () => void;
}

/**
 * The list state of the current route's URL, read with the list endpoint's query schema (pass
 * the endpoint or the schema; see list-search.ts for the rules). Page changes add a history entry, so Back goes to the previous
 * page; filters typed into a search box replace the entry (`{ replace: true }`) so Back does not
 * replay every keystroke.
 */
export function useListSearch<S extends ListQuerySchema>(
  source: ListSource<S>,
): ListSearchState<S> {
  const schema = listSchema(source);
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const rawKey = JSON.stringify(raw);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, not identity
  const parsed = useMemo(() => parseListSearch(schema, raw), [schema, rawKey]);

  const update = useCallback(
    (patch: Record<string, string | undefined>, replace = false) => {
      // A keyset list's cursor belongs to its page: back to page 1, the cursor goes too.
      if ('page' in patch && patch.page === undefined) {
        patch = { after: undefined, before: undefined, ...patch };
      }
      void navigate({
        to: '.',
        replace,
        search: ((previous: Record<string, unknown>) => {
          const keys = listKeys(schema);
          const isList = (key: string) => keys === null || keys.includes(key);
          // The route's other params stay as they are; the list's own follow the schema's rules,
          // so a value a hand-edited link gave and the schema refuses goes now.
          const others = Object.entries({ ...previous, ...patch }).filter(([key]) => !isList(key));
          const list = { ...parseListSearch(schema, previous).url, ...patch };
          return { ...Object.fromEntries(others), ...withoutDefaults(schema, toUrlForm(list)) };
        }) as never,
      });
    },
    [navigate, schema],
  );

  return useMemo(() => {
    const query = parsed.query as z.output<S> & { sort?: string; order?: SortOrder };
    const apiQuery = toUrlForm(query as Record<string, unknown>);
    const {
      page: _page,
      per_page: _perPage,
      after: _after,
      before: _before,
      ...filterQuery
    } = apiQuery;
    return {
      query,
      apiQuery: apiQuery as z.input<S>,
      filterQuery: filterQuery as z.input<S>,
      search: parsed.url as ListUrlSearch<S>,
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      order: query.order ?? 'desc',
      sortable: sortableColumns(schema),
      setPage: (page, options) => update({ page: String(page) }, options?.replace),
      setCursor: (cursor, page) =>
        update({ after: cursor.after, before: cursor.before, page: String(page) }),
      setPerPage: (perPage) => update({ per_page: String(perPage), page: undefined }),
      setSort: (sort, order) => update({ sort, order, page: undefined }),
      setFilters: (patch, options) =>
        update(
          { ...(patch as Record<string, string | undefined>), page: undefined },
          options?.replace,
        ),
      reset: () =>
        update(Object.fromEntries(Object.keys(parsed.url).map((key) => [key, undefined]))),
    };
  }, [parsed, schema, update]);
}
