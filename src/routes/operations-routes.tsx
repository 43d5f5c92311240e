import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { serviceTokenEndpoints } from '../contract/service-tokens';
import { listRouteSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * The operations screens of administrators and developers. Loaded on first visit, so
 * operators never download them; the service worker precaches every chunk for offline use.
 */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  beforeLoad: requireRoute('/dashboard'),
  component: lazyRouteComponent(
    () => import('../features/dashboard/components/dashboard-page'),
    'DashboardPage',
  ),
});

export const serviceTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/service-tokens',
  validateSearch: listRouteSearch<typeof serviceTokenEndpoints.list>(),
  beforeLoad: requireRoute('/service-tokens'),
  component: lazyRouteComponent(
    () => import('../features/service-tokens/components/service-tokens-page'),
    'ServiceTokensPage',
  ),
});
