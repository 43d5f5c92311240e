import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { customerHistoryEndpoints, historyEndpoints } from '../contract/history';
import { listRouteSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * The moderation history, for staff and for customers: the list's filters, page and cursor in
 * the URL, spelled as the list endpoint's query, and `item`, the decided item open in the
 * drawer. Loaded on first visit.
 */
export const modHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/modhistory',
  validateSearch: listRouteSearch<typeof historyEndpoints.list, 'item'>(),
  beforeLoad: requireRoute('/modhistory'),
  component: lazyRouteComponent(
    () => import('../features/history/components/history-page'),
    'ModHistoryPage',
  ),
});

export const customerModerationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customer-moderation',
  validateSearch: listRouteSearch<typeof customerHistoryEndpoints.list, 'item'>(),
  beforeLoad: requireRoute('/customer-moderation'),
  component: lazyRouteComponent(
    () => import('../features/history/components/history-page'),
    'CustomerModerationPage',
  ),
});
