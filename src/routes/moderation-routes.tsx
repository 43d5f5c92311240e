import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/**
 * The operator's screens. Their session (state machine, sockets, outbox) lives in the app shell
 * (app-route.tsx); the pages load with their route, so other roles never fetch them.
 */
export const moderationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/moderation',
  beforeLoad: requireRoute('/moderation'),
  component: lazyRouteComponent(
    () => import('../features/moderation/components/moderation-page'),
    'ModerationPage',
  ),
});

export const parkRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/park',
  beforeLoad: requireRoute('/park'),
  component: lazyRouteComponent(() => import('./park-screen'), 'ParkScreen'),
});
