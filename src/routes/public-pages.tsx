import { getRouteApi } from '@tanstack/react-router';
import { CHANGE_PASSWORD_PATH } from '../contract/auth';
import { ChoosePasswordForm } from '../features/auth/components/choose-password-form';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { LoginForm } from '../features/auth/components/login-form';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The pages of the signed-out routes (public-routes.tsx), loaded with the route: the forms and
 * their validation stay out of the console's first load.
 */
export function LoginPage() {
  useDocumentTitle('Login');
  return <LoginForm />;
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordForm />;
}

const resetPasswordApi = getRouteApi('/reset-password');

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { token } = resetPasswordApi.useSearch();
  return <ResetPasswordForm token={token} />;
}

const choosePasswordApi = getRouteApi(CHANGE_PASSWORD_PATH);

export function ChoosePasswordPage() {
  useDocumentTitle('Choose your password');
  const { user } = choosePasswordApi.useRouteContext();
  return <ChoosePasswordForm username={user.username} />;
}
