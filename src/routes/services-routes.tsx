import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { serviceEndpoints } from '../contract/services';
import { subscriberEndpoints } from '../contract/subscribers';
import { listSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * Client services and their subscribers: administrators' screens, loaded on first visit, so
 * operators never download them; the service worker precaches every chunk for offline use.
 */
export const servicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/services',
  validateSearch: listSearch(serviceEndpoints.list),
  beforeLoad: requireRoute('/services'),
  component: lazyRouteComponent(
    () => import('../features/services/components/services-page'),
    'ServicesPage',
  ),
});

export const subscribersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/subscriber',
  validateSearch: listSearch(subscriberEndpoints.list),
  beforeLoad: requireRoute('/subscriber'),
  component: lazyRouteComponent(
    () => import('../features/subscribers/components/subscribers-page'),
    'SubscribersPage',
  ),
});
