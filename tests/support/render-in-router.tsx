import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { parseSearchParams, stringifySearchParams } from '../../src/lib/search-params';

// The router restores the scroll position on navigation; jsdom has no scrolling and would log
// "Not implemented" for each call.
window.scrollTo = () => undefined;

export interface RouterHarnessOptions {
  /** The address the test starts at, e.g. '/list?page=2'. Default: `path`. */
  url?: string;
  /** The route's path. Default '/list'. */
  path?: string;
  validateSearch?: (search: Record<string, unknown>) => Record<string, unknown>;
  queryClient?: QueryClient;
}

/**
 * Renders `ui` as the component of one route of a router on an in-memory history, read and
 * written with the console's own search-param format, under a QueryClient. `search()` answers
 * the current URL's search params as text, as the address bar shows them.
 */
export function renderInRouter(ui: ReactElement, options: RouterHarnessOptions = {}) {
  const path = options.path ?? '/list';
  const rootRoute = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    ...(options.validateSearch ? { validateSearch: options.validateSearch } : {}),
    component: () => ui,
  });
  const history = createMemoryHistory({ initialEntries: [options.url ?? path] });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history,
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
  });
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {/* A router of the test's own, not the console's registered one. */}
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return {
    ...result,
    router,
    queryClient,
    /** The search params of the current address, e.g. 'page=2&sort=name'. */
    search: () => history.location.search.replace(/^\?/, ''),
  };
}
