import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { CHANGE_PASSWORD_PATH } from '../contract/auth';
import { landingPath } from '../contract/routes';
import { currentUserQuery } from '../features/auth/api/current-user';
import { ChoosePasswordForm } from '../features/auth/components/choose-password-form';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { LoginForm } from '../features/auth/components/login-form';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../lib/use-document-title';
import { rootRoute } from './root-route';

function LoginPage() {
  useDocumentTitle('Login');
  return <LoginForm />;
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (user) {
      throw redirect({
        to: user.must_change_password ? CHANGE_PASSWORD_PATH : landingPath(user.permissions),
      });
    }
  },
  component: LoginPage,
});

function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordForm />;
}

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: ForgotPasswordPage,
});

function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { token } = resetPasswordRoute.useSearch();
  return <ResetPasswordForm token={token} />;
}

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: ResetPasswordPage,
});

function ChoosePasswordPage() {
  useDocumentTitle('Choose your password');
  const { user } = choosePasswordRoute.useRouteContext();
  return <ChoosePasswordForm username={user.username} />;
}

/** After a sign-in with a one-time password; anyone else has nothing to do here. */
export const choosePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: CHANGE_PASSWORD_PATH,
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) throw redirect({ to: '/login' });
    if (!user.must_change_password) throw redirect({ to: landingPath(user.permissions) });
    return { user };
  },
  component: ChoosePasswordPage,
});
