import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { aiContentEndpoints, aiModerationEndpoints } from '../contract/ai-review';
import { listRouteSearch } from '../ui/data-table/list-search';
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

/** /ai-moderation: the AI's answers beside the decisions; its filters live in the URL. */
export const aiModerationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ai-moderation',
  validateSearch: listRouteSearch<typeof aiModerationEndpoints.search>(),
  beforeLoad: requireRoute('/ai-moderation'),
  component: lazyRouteComponent(
    () => import('../features/ai-review/components/ai-moderation-page'),
    'AiModerationPage',
  ),
});

/** /aicontent: the AI step at work; the state shown and its page live in the URL. */
export const aiContentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/aicontent',
  validateSearch: listRouteSearch<typeof aiContentEndpoints.items>(),
  beforeLoad: requireRoute('/aicontent'),
  component: lazyRouteComponent(
    () => import('../features/ai-review/components/ai-content-page'),
    'AiContentPage',
  ),
});
