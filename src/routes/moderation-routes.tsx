import { createRoute } from '@tanstack/react-router';
import { useRequestSignOut } from '../features/auth/components/sign-out-guard';
import { ModerationPage } from '../features/moderation/components/moderation-page';
import { useModerationSession } from '../features/moderation/moderation-session';
import { ParkPage } from '../features/park/components/park-page';
import { appRoute, requireRoute } from './app-route';

export const moderationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/moderation',
  beforeLoad: requireRoute('/moderation'),
  component: ModerationPage,
});

function parkTimeOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Wires the park screen to the moderation session; the park feature itself knows neither. */
function ParkScreen() {
  const { state, user, available, parkedAt, resume } = useModerationSession();
  const signOut = useRequestSignOut();
  return (
    <ParkPage
      parkedSince={parkedAt ?? parkTimeOf(user.park_time)}
      available={available}
      elsewhere={state.phase === 'already_moderating'}
      isOperator={user.role === 'operator'}
      onResume={resume}
      onLogout={() => signOut()}
    />
  );
}

export const parkRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/park',
  beforeLoad: requireRoute('/park'),
  component: ParkScreen,
});
