import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateReportSearch } from '../features/reports/report-search';
import { appRoute, requireRoute } from './app-route';

/**
 * Reports and charts, loaded on first visit. Their filters are the URL's search (see
 * features/reports/report-search.ts), so a link shows the same figures.
 */
export const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports',
  validateSearch: validateReportSearch,
  beforeLoad: requireRoute('/reports'),
  component: lazyRouteComponent(
    () => import('../features/reports/components/reports-page'),
    'ReportsPage',
  ),
});

export const chartsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/charts',
  validateSearch: validateReportSearch,
  beforeLoad: requireRoute('/charts'),
  component: lazyRouteComponent(
    () => import('../features/reports/components/charts-page'),
    'ChartsPage',
  ),
});
