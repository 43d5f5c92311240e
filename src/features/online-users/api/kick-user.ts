import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onlineUsersEndpoints } from '../../../contract/online-users';
import { api } from '../../../lib/api-client';
import { onlineUsersKeys } from './get-online-users';

/** Signs a user out everywhere: their sessions end and every console of theirs returns to sign-in. */
export async function kickUser(userId: number): Promise<void> {
  await api.call(onlineUsersEndpoints.kick, { params: { userId } });
}

/** kickUser, then the live list asks again at once. Errors are the caller's to show. */
export function useKickUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kickUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onlineUsersKeys.all }),
  });
}
