import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/** The demo role's sandbox and the administration of the public trial pages. */
export const trialPageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trial-page',
  beforeLoad: requireRoute('/trial-page'),
  component: lazyRouteComponent(() => import('../features/demo/components/demo-page'), 'DemoPage'),
});

export const trialBrandsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trial-brands',
  beforeLoad: requireRoute('/trial-brands'),
  component: lazyRouteComponent(
    () => import('../features/trial-brands/components/trial-brands-page'),
    'TrialBrandsPage',
  ),
});
