import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NAMESPACES } from '../../../contract/socket-events';
import { getSocket } from '../../../lib/socket-manager';
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
    socket.on('account-changed', onChanged);
    return () => {
      socket.off('account-changed', onChanged);
    };
  }, [queryClient, router]);
}
