import { createRoute, redirect } from '@tanstack/react-router';
import { landingPath } from '../contract/routes';
import { NoScreensPage } from '../features/home/components/no-screens-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { appRoute, requireRoute } from './app-route';

export const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const landing = landingPath(context.user.permissions);
    if (landing !== '/') throw redirect({ to: landing });
  },
  component: NoScreensPage,
});

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/my-profile',
  beforeLoad: requireRoute('/my-profile'),
  component: ProfilePage,
});
