import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ReportSearch } from '../features/reports/report-search';
import { appRoute, requireRoute } from './app-route';

/**
 * Reports and charts, loaded on first visit. Their filters are the URL's search (see
 * features/reports/report-search.ts), so a link shows the same figures. The route only passes
 * the search on: the screen reads it with its schema, which stays out of the route table and so
 * out of every screen's first load.
 */
type ReportUrlSearch = { [K in keyof ReportSearch]?: ReportSearch[K] | string };
const reportSearch = (raw: Record<string, unknown>) => raw as ReportUrlSearch;

export const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports',
  validateSearch: reportSearch,
  beforeLoad: requireRoute('/reports'),
  component: lazyRouteComponent(
    () => import('../features/reports/components/reports-page'),
    'ReportsPage',
  ),
});

export const chartsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/charts',
  validateSearch: reportSearch,
  beforeLoad: requireRoute('/charts'),
  component: lazyRouteComponent(
    () => import('../features/reports/components/charts-page'),
    'ChartsPage',
  ),
});
