import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/**
 * The AI screens of administrators. Loaded on first visit, so operators never download them; the
 * service worker precaches every chunk for offline use.
 */
export const aiServicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/aiservices',
  beforeLoad: requireRoute('/aiservices'),
  component: lazyRouteComponent(
    () => import('../features/ai-services/components/ai-services-page'),
    'AiServicesPage',
  ),
});
