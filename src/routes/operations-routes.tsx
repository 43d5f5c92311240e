import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { ServiceTokensPage } from '../features/service-tokens/components/service-tokens-page';
import { appRoute, requireRoute } from './app-route';

/** Issue 5: the operations screens of administrators and developers. */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  beforeLoad: requireRoute('/dashboard'),
  component: DashboardPage,
});

export const serviceTokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/service-tokens',
  beforeLoad: requireRoute('/service-tokens'),
  component: ServiceTokensPage,
});
