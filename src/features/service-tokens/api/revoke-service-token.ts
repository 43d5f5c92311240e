import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceTokenEndpoints } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

/** Revokes a token (an empty body): ingest refuses it at once. */
export async function revokeServiceToken(id: number): Promise<void> {
  await api.call(serviceTokenEndpoints.revoke, { params: { id } });
}

/** Revokes a token and refreshes the list. Errors are the caller's to show (SPEC §8). */
export function useRevokeServiceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeServiceToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceTokenKeys.lists }),
  });
}
