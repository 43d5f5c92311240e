import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onlineUsersEndpoints } from '../../../contract/online-users';
import { api } from '../../../lib/api-client';
import { onlineUsersKeys } from './get-online-users';

/** Parks a user: moderation stops on their console and their items go back to the queue. */
export async function parkUser(userId: number): Promise<void> {
  await api.call(onlineUsersEndpoints.park, { params: { userId } });
}

/** parkUser, then the live list asks again at once. Errors are the caller's to show. */
export function useParkUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: parkUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onlineUsersKeys.all }),
  });
}
