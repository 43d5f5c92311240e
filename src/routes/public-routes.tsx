import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { CHANGE_PASSWORD_PATH, type CurrentUser } from '../contract/auth';
import { landingPath, TWO_FACTOR_SETUP_PATH } from '../contract/routes';
import { currentUserQuery } from '../features/auth/api/current-user';
import { rootRoute } from './root-route';

/** Where a signed-in user belongs: the gates (own password, then two factors) come first. */
export function homeOf(user: CurrentUser): string {
  if (user.must_change_password) return CHANGE_PASSWORD_PATH;
  if (user.two_factor_setup_required) return TWO_FACTOR_SETUP_PATH;
  return landingPath(user.permissions);
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (user) throw redirect({ to: homeOf(user) });
  },
  component: lazyRouteComponent(() => import('./public-pages'), 'LoginPage'),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./public-pages'), 'ForgotPasswordPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: lazyRouteComponent(() => import('./public-pages'), 'ResetPasswordPage'),
});

/** After a sign-in with a one-time password; anyone else has nothing to do here. */
export const choosePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: CHANGE_PASSWORD_PATH,
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) throw redirect({ to: '/login' });
    if (!user.must_change_password) throw redirect({ to: homeOf(user) });
    return { user };
  },
  component: lazyRouteComponent(() => import('./public-pages'), 'ChoosePasswordPage'),
});

/** For users whose role requires two-factor sign-in and who have not set it up. */
export const twoFactorSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: TWO_FACTOR_SETUP_PATH,
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) throw redirect({ to: '/login' });
    if (!user.two_factor_setup_required || user.must_change_password) {
      throw redirect({ to: homeOf(user) });
    }
    return { user };
  },
  component: lazyRouteComponent(
    () => import('./two-factor-setup-screen'),
    'TwoFactorSetupRoutePage',
  ),
});
