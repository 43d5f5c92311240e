import { getRouteApi } from '@tanstack/react-router';
import { TWO_FACTOR_SETUP_PATH } from '../contract/routes';
import { TwoFactorSetupPage } from '../features/two-factor/components/two-factor-setup-page';

const twoFactorSetupApi = getRouteApi(TWO_FACTOR_SETUP_PATH);

/** The forced two-factor setup (public-routes.tsx), loaded with its route, apart from sign-in. */
export function TwoFactorSetupRoutePage() {
  const { user } = twoFactorSetupApi.useRouteContext();
  return <TwoFactorSetupPage username={user.username} />;
}
