import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { trialSignupEndpoints } from '../contract/trial-signups';
import { USERS_SIGNUPS_TAB } from '../contract/routes';
import type { userEndpoints } from '../contract/users';
import { listRouteSearch } from '../ui/data-table/list-search';
import { appRoute, requireRoute } from './app-route';

const accountsSearch = listRouteSearch<typeof userEndpoints.list>();
const signupsSearch = listRouteSearch<typeof trialSignupEndpoints.list, 'tab'>();

/**
 * People and access: the users and roles screens of administrators. Loaded on first visit, so
 * operators never download them; the service worker precaches every chunk for offline use.
 */
export const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/users',
  // Each section keeps its own list's state: the accounts by default, the trial sign-ups with
  // ?tab=trial-signups.
  validateSearch: (raw: Record<string, unknown>) =>
    raw.tab === USERS_SIGNUPS_TAB ? signupsSearch(raw) : accountsSearch(raw),
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
