import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { customerHistoryEndpoints, historyEndpoints } from '../contract/history';
import { listSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * The moderation history, for staff and for customers: the list's filters, page and cursor in
 * the URL, spelled as the list endpoint's query, and `item`, the decided item open in the
 * drawer. Loaded on first visit.
 */
export const modHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/modhistory',
  validateSearch: listSearch(historyEndpoints.list, { keep: ['item'] }),
  beforeLoad: requireRoute('/modhistory'),
  component: lazyRouteComponent(
    () => import('../features/history/components/history-page'),
    'ModHistoryPage',
  ),
});

export const customerModerationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customer-moderation',
  validateSearch: listSearch(customerHistoryEndpoints.list, { keep: ['item'] }),
  beforeLoad: requireRoute('/customer-moderation'),
  component: lazyRouteComponent(
    () => import('../features/history/components/history-page'),
    'CustomerModerationPage',
  ),
});
