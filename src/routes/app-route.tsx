import { useQuery } from '@tanstack/react-query';
import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { CHANGE_PASSWORD_PATH } from '../contract/auth';
import { canOpen, TWO_FACTOR_SETUP_PATH } from '../contract/routes';
import type { CurrentUser } from '../contract/auth';
import { SignOutGuard } from '../features/auth/components/sign-out-guard';
import { currentUserQuery } from '../features/auth/api/current-user';
import { useAccountChanges } from '../features/auth/api/use-account-changes';
import { ModerationTopBarStatus } from '../features/moderation/components/moderation-top-bar-status';
import { ModerationSessionProvider } from '../features/moderation/moderation-session';
import { AppLayout } from '../features/shell/components/app-layout';
import { rootRoute } from './root-route';

/**
 * The signed-in frame inside the moderation session, so the top bar, /moderation and /park share
 * one state machine and one online-users connection.
 */
function AppShell() {
  const { user: signedIn } = appRoute.useRouteContext();
  // The cached user, not the one of the route's first load: an administrator's change (max
  // content, batch mode, permissions) reaches the moderation session when it is fetched again.
  const { data } = useQuery(currentUserQuery);
  const user = data ?? signedIn;
  useAccountChanges();
  return (
    <SignOutGuard>
      <ModerationSessionProvider user={user}>
        <AppLayout topBarStatus={<ModerationTopBarStatus />} />
      </ModerationSessionProvider>
    </SignOutGuard>
  );
}

/** The signed-in area: without a session every route below redirects to /login. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    if (!user) throw redirect({ to: '/login' });
    // Signed in with a one-time password: nothing opens until they choose their own.
    if (user.must_change_password) throw redirect({ to: CHANGE_PASSWORD_PATH });
    // A role that requires two factors: nothing opens until they are set up.
    if (user.two_factor_setup_required) throw redirect({ to: TWO_FACTOR_SETUP_PATH });
    return { user };
  },
  component: AppShell,
});

/**
 * beforeLoad guard of a permission route: without the permission the route does not exist for
 * this user and the not-found page shows, also when the address is typed in (SPEC §2).
 */
export function requireRoute(path: string) {
  return ({ context }: { context: { user: CurrentUser } }) => {
    if (!canOpen(path, context.user.permissions)) throw notFound();
  };
}
