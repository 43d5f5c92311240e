import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkSchema } from '../../../contract/api';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

/** POST /api/service-tokens/revoke/{id} with an empty body: the token is refused at once. */
export async function revokeServiceToken(id: number): Promise<void> {
  await api.post(`/api/service-tokens/revoke/${id}`, {}, OkSchema);
}

/** Revokes a token and refreshes the list. Errors are the caller's to show (SPEC §8). */
export function useRevokeServiceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeServiceToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceTokenKeys.lists }),
  });
}
