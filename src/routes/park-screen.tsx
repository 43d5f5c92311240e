import { useRequestSignOut } from '../features/auth/components/sign-out-guard';
import { useModerationSession } from '../features/moderation/moderation-session';
import { ParkPage } from '../features/park/components/park-page';
import { BreakCountdown } from '../features/wellbeing/components/break-countdown';

function parkTimeOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Wires the park screen to the moderation session; the park feature itself knows neither.
 * Loaded with the /park route (moderation-routes.tsx).
 */
export function ParkScreen() {
  const { state, user, available, parkedAt, resume } = useModerationSession();
  const signOut = useRequestSignOut();
  return (
    <>
      <BreakCountdown />
      <ParkPage
        parkedSince={parkedAt ?? parkTimeOf(user.park_time)}
        available={available}
        elsewhere={state.phase === 'already_moderating'}
        isOperator={user.role === 'operator'}
        onResume={resume}
        onLogout={() => signOut()}
      />
    </>
  );
}
