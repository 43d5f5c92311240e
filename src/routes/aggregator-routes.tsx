import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/** /aggregator: result delivery per service (Operations group), loaded on first visit. */
export const aggregatorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/aggregator',
  beforeLoad: requireRoute('/aggregator'),
  component: lazyRouteComponent(
    () => import('../features/aggregator/components/aggregator-page'),
    'AggregatorPage',
  ),
});
