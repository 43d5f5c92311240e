import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root-route';

/**
 * The public trial pages (SPEC §2): no sign-in and none of the console's layout. Each page loads
 * on its own, so a prospect's first visit fetches the page, not the signed-in screens.
 */
const brandSearch = z.object({ brand: z.string().max(60).optional().catch(undefined) });

export const trialSandboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trial/$brand',
  component: lazyRouteComponent(
    () => import('../features/trials/components/trial-sandbox-page'),
    'TrialSandboxRoute',
  ),
});

export const trialTextRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trial/$brand/text',
  component: lazyRouteComponent(
    () => import('../features/trials/components/text-check-page'),
    'TextCheckRoute',
  ),
});

export const trialCounterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trial/$brand/public',
  component: lazyRouteComponent(
    () => import('../features/trials/components/live-counter-page'),
    'LiveCounterRoute',
  ),
});

export const trialSignedUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trial/regcomplete',
  validateSearch: brandSearch,
  component: lazyRouteComponent(
    () => import('../features/trials/components/signup-complete-page'),
    'SignupCompleteRoute',
  ),
});

export const productTourRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo-v2',
  validateSearch: brandSearch,
  component: lazyRouteComponent(
    () => import('../features/tour/components/product-tour-page'),
    'ProductTourRoute',
  ),
});
