import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/**
 * Routing pools, for administrators. Loaded on first visit, so operators never download it; the
 * service worker precaches every chunk for offline use.
 */
export const poolsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pools',
  beforeLoad: requireRoute('/pools'),
  component: lazyRouteComponent(
    () => import('../features/pools/components/pools-page'),
    'PoolsPage',
  ),
});
