import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointResponse } from '../../../contract/endpoint';
import { twoFactorEndpoints } from '../../../contract/two-factor';
import { userEndpoints, type CreateUserInput, type UserFormInput } from '../../../contract/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type CreatedUser = EndpointResponse<typeof userEndpoints.create>['data'];
export type PasswordReset = EndpointResponse<typeof userEndpoints.resetPassword>['data'];
export type UserAction = 'deactivate' | 'activate' | 'unlock' | 'reset_two_factor';

/**
 * The users screen's changes. Each refreshes the list when it settles; errors are the caller's
 * to show (a 422 carries the message of each bad field for the form).
 */
function useUserMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists }),
  });
}

export function useCreateUser() {
  return useUserMutation(
    async (body: CreateUserInput): Promise<CreatedUser> =>
      (await api.call(userEndpoints.create, { body })).data,
  );
}

export function useUpdateUser() {
  return useUserMutation(async ({ id, body }: { id: number; body: UserFormInput }) => {
    return (await api.call(userEndpoints.update, { params: { id }, body })).data;
  });
}

export function useUserAction() {
  return useUserMutation(async ({ id, action }: { id: number; action: UserAction }) => {
    if (action === 'reset_two_factor') {
      return (await api.call(twoFactorEndpoints.adminReset, { params: { id } })).data;
    }
    return (await api.call(userEndpoints[action], { params: { id } })).data;
  });
}

export function useResetPassword() {
  return useUserMutation(
    async (id: number): Promise<PasswordReset> =>
      (await api.call(userEndpoints.resetPassword, { params: { id } })).data,
  );
}
