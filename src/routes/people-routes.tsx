import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { userEndpoints } from '../contract/users';
import { listSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

/**
 * People and access: the users and roles screens of administrators. Loaded on first visit, so
 * operators never download them; the service worker precaches every chunk for offline use.
 */
export const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users',
  validateSearch: listSearch(userEndpoints.list),
  beforeLoad: requireRoute('/users'),
  component: lazyRouteComponent(
    () => import('../features/users/components/users-page'),
    'UsersPage',
  ),
});

export const rolesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/roles-and-permissions',
  beforeLoad: requireRoute('/roles-and-permissions'),
  component: lazyRouteComponent(
    () => import('../features/roles/components/roles-page'),
    'RolesPage',
  ),
});
