import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { disconnectAllSockets } from '../../../lib/socket-manager';
import { logout } from './auth-calls';
import { currentUserQuery } from './current-user';

/** Signs out: ends the session on the server, closes sockets, forgets cached data. */
export function useSignOut(): (options?: { to?: string }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ to = '/login' } = {}) => {
      try {
        await logout();
      } catch (error) {
        // The session lives on the server: without it, signing out cannot happen here alone.
        notify.error(`You are still signed in: ${errorMessage(error)}`);
        return;
      }
      disconnectAllSockets();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      await navigate({ to });
    },
    [navigate, queryClient],
  );
}
