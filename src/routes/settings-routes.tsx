import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, requireRoute } from './app-route';

/** System settings: loaded on first visit, so operators never download the screen. */
export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  beforeLoad: requireRoute('/settings'),
  component: lazyRouteComponent(
    () => import('../features/settings/components/settings-page'),
    'SettingsPage',
  ),
});
