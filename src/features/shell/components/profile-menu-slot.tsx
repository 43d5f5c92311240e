import { Suspense, lazy, useEffect, useState } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { NAMESPACES, type UserLoggedStatus } from '../../../contract/socket-events';
import { getSocket } from '../../../lib/socket-manager';
import { StandInTrigger, useHandOverRef } from '../../../ui/stand-in-trigger';
import { isDeveloper } from '../navigation';
import { profileTriggerProps } from './profile-trigger';

const ProfileMenu = lazy(() =>
  import('./profile-menu').then(({ ProfileMenu }) => ({ default: ProfileMenu })),
);

/**
 * The server's user-logged-status.{id} (SPEC §7): whether a tab of this user moderates. Sent
 * when a socket connects and whenever moderation starts or ends, so it is listened to from the
 * first paint, not from when the menu's code arrives.
 */
function useLoggedStatus(userId: number | null): UserLoggedStatus | null {
  const [status, setStatus] = useState<UserLoggedStatus | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const socket = getSocket(NAMESPACES.onlineUsers);
    const event = `user-logged-status.${userId}` as const;
    socket.on(event, setStatus);
    return () => {
      socket.off(event, setStatus);
    };
  }, [userId]);
  return status;
}

/** The top bar's profile menu, loaded after the first paint (ui/stand-in-trigger.tsx). */
export function ProfileMenuSlot({ user }: { user: CurrentUser }) {
  const handOverRef = useHandOverRef();
  const loggedStatus = useLoggedStatus(isDeveloper(user.role) ? user.id : null);
  return (
    <Suspense
      fallback={
        <StandInTrigger handOverRef={handOverRef} popup="menu" {...profileTriggerProps(user)} />
      }
    >
      <ProfileMenu user={user} loggedStatus={loggedStatus} handOverRef={handOverRef} />
    </Suspense>
  );
}
