import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/** The tools staff use when something goes wrong or needs trying. Loaded on first visit. */
export const contentSenderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/content-sender',
  beforeLoad: requireRoute('/content-sender'),
  component: lazyRouteComponent(
    () => import('../features/content-sender/components/content-sender-page'),
    'ContentSenderPage',
  ),
});
