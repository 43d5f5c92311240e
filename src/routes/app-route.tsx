import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { canOpen } from '../contract/routes';
import type { CurrentUser } from '../contract/auth';
import { SignOutGuard } from '../features/auth/components/sign-out-guard';
import { currentUserQuery } from '../features/auth/api/current-user';
import { ModerationTopBarStatus } from '../features/moderation/components/moderation-top-bar-status';
import { ModerationSessionProvider } from '../features/moderation/moderation-session';
import { AppLayout } from '../features/shell/components/app-layout';
import { rootRoute } from './root-route';

/**
 * The signed-in frame inside the moderation session, so the top bar, /moderation and /park share
 * one state machine and one online-users connection.
 */
function AppShell() {
  const { user } = appRoute.useRouteContext();
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
