import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { serviceEndpoints } from '../contract/services';
import type { subscriberEndpoints } from '../contract/subscribers';
import { listRouteSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * Client services and their subscribers: administrators' screens, loaded on first visit, so
 * operators never download them; the service worker precaches every chunk for offline use.
 */
export const servicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/services',
  validateSearch: listRouteSearch<typeof serviceEndpoints.list>(),
  beforeLoad: requireRoute('/services'),
  component: lazyRouteComponent(
    () => import('../features/services/components/services-page'),
    'ServicesPage',
  ),
});

export const subscribersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/subscriber',
  validateSearch: listRouteSearch<typeof subscriberEndpoints.list>(),
  beforeLoad: requireRoute('/subscriber'),
  component: lazyRouteComponent(
    () => import('../features/subscribers/components/subscribers-page'),
    'SubscribersPage',
  ),
});
