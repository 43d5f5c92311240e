import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorEndpoints, type VerifyRequest } from '../../../contract/two-factor';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../auth/api/current-user';

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor', 'status'],
  queryFn: async () => (await api.call(twoFactorEndpoints.status, {})).data,
  // Read fresh from the server: a stale "on" could hide a reset by an administrator.
  meta: { persist: false },
});

/** After a change: the status and the signed-in user (its setup gate) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    ]);
  };
}

export function useStartSetup() {
  return useMutation({
    mutationFn: async () => (await api.call(twoFactorEndpoints.startSetup, {})).data,
  });
}

/** Turns it on; the recovery codes come back once. The caller refreshes when they are saved. */
export function useConfirmSetup() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.call(twoFactorEndpoints.confirmSetup, { body: { code } })).data.recovery_codes,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (proof: VerifyRequest) => api.call(twoFactorEndpoints.disable, { body: proof }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (proof: VerifyRequest) =>
      (await api.call(twoFactorEndpoints.regenerateRecoveryCodes, { body: proof })).data
        .recovery_codes,
    onSuccess: refresh,
  });
}

export { useRefresh as useTwoFactorRefresh };
