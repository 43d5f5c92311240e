import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { landingPath } from '../contract/routes';
import { appRoute, requireRoute } from './app-route';

export const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const landing = landingPath(context.user.permissions);
    if (landing !== '/') throw redirect({ to: landing });
  },
  component: lazyRouteComponent(
    () => import('../features/home/components/no-screens-page'),
    'NoScreensPage',
  ),
});

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/my-profile',
  beforeLoad: requireRoute('/my-profile'),
  component: lazyRouteComponent(
    () => import('../features/profile/components/profile-page'),
    'ProfilePage',
  ),
});
