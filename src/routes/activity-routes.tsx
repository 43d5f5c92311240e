import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { auditLogEndpoints } from '../contract/audit-log';
import type { loginHistoryEndpoints } from '../contract/login-history';
import { listRouteSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * Who is working and what happened: the live online-users list, the login history and the
 * audit log. Loaded on first visit, so operators never download them. The two logs keep their
 * page, sort and filters in the URL, spelled as their list endpoints' queries.
 */
export const onlineUsersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/online-users',
  beforeLoad: requireRoute('/online-users'),
  component: lazyRouteComponent(
    () => import('../features/online-users/components/online-users-page'),
    'OnlineUsersPage',
  ),
});

export const loginHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/user-login-history',
  validateSearch: listRouteSearch<typeof loginHistoryEndpoints.list>(),
  beforeLoad: requireRoute('/user-login-history'),
  component: lazyRouteComponent(
    () => import('../features/login-history/components/login-history-page'),
    'LoginHistoryPage',
  ),
});

export const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/user-logs',
  validateSearch: listRouteSearch<typeof auditLogEndpoints.list>(),
  beforeLoad: requireRoute('/user-logs'),
  component: lazyRouteComponent(
    () => import('../features/audit-log/components/audit-log-page'),
    'AuditLogPage',
  ),
});
