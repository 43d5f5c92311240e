import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NAMESPACES } from '../../../contract/socket-events';
import { connectAllSockets, getSocket } from '../../../lib/socket-manager';
import { currentUserQuery } from './current-user';

/**
 * An administrator changed this user's role, permissions, max content or batch mode: the server
 * says 'account-changed' on /online-users (the namespace every signed-in page holds). The
 * current user is fetched again, and the router re-checks the open route, so the navigation,
 * the moderation session and a screen whose permission was taken away follow at once, without
 * a reload.
 */
export function useAccountChanges(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const socket = getSocket(NAMESPACES.onlineUsers);
    const onChanged = () => {
      void queryClient
        .invalidateQueries({ queryKey: currentUserQuery.queryKey, refetchType: 'all' })
        .then(() => router.invalidate());
    };
    // The server closes a socket whose session ended (signed out elsewhere, password changed,
    // expired, deactivated), and socket.io does not reconnect after that by itself. Asking who
    // is signed in settles it: a 401 leads to the sign-in page; a session still alive (the
    // server restarted its side) reconnects.
    const onDisconnect = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      queryClient
        .fetchQuery({ ...currentUserQuery, staleTime: 0 })
        .then((user) => (user ? connectAllSockets() : router.invalidate()))
        // No answer (offline): the outbox and the next request settle it.
        .catch(() => undefined);
    };
    socket.on('account-changed', onChanged);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('account-changed', onChanged);
      socket.off('disconnect', onDisconnect);
    };
  }, [queryClient, router]);
}
