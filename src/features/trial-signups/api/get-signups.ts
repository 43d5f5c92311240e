import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { trialSignupEndpoints } from '../../../contract/trial-signups';
import { api } from '../../../lib/api-client';
import { listQueryOptions } from '../../../ui/data-table/list-query';

const signupKeys = { all: ['trial-signups'] as const, lists: ['trial-signups', 'list'] as const };

export type SignupListInput = EndpointInput<typeof trialSignupEndpoints.list>['query'];

/**
 * One page of sign-ups as the server sorts and filters them (the URL's list state). Not kept in
 * the device's persisted cache: prospects' contact details stay on the server.
 */
export function useSignups(query: SignupListInput) {
  return useQuery({
    ...listQueryOptions(signupKeys.lists, trialSignupEndpoints.list, query),
    meta: { persist: false },
  });
}

export function useDeleteSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(trialSignupEndpoints.remove, { body: { id } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signupKeys.all }),
  });
}
