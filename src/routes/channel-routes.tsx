import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/**
 * The channel views (Services group, and /voice among the bottom items): the moderation page
 * for one channel's items. Their session is the operator's (app-route.tsx), as for /moderation.
 */
const pages = () => import('../features/channels/components/channel-pages');

export const chatRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/chat',
  beforeLoad: requireRoute('/chat'),
  component: lazyRouteComponent(pages, 'ChatPage'),
});

export const inboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/inbox',
  beforeLoad: requireRoute('/inbox'),
  component: lazyRouteComponent(pages, 'InboxPage'),
});

export const socialRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/social',
  beforeLoad: requireRoute('/social'),
  component: lazyRouteComponent(pages, 'SocialPage'),
});

export const callsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/calls',
  beforeLoad: requireRoute('/calls'),
  component: lazyRouteComponent(pages, 'CallsPage'),
});

export const voiceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/voice',
  beforeLoad: requireRoute('/voice'),
  component: lazyRouteComponent(pages, 'VoicePage'),
});
