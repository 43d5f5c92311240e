import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  roleEndpoints,
  type AddRoleInput,
  type SetPermissionsInput,
  type UpdateRoleInput,
} from '../../../contract/roles';
import { twoFactorEndpoints } from '../../../contract/two-factor';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/**
 * The roles screen's changes. Each refreshes the roles (and with them the user counts) when it
 * settles, and the user dialogs' role list; errors are the caller's to show.
 */
function useRoleMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['users', 'options'] }),
      ]);
    },
  });
}

export function useAddRole() {
  return useRoleMutation(
    async (body: AddRoleInput) => (await api.call(roleEndpoints.add, { body })).data,
  );
}

export function useUpdateRole() {
  return useRoleMutation(
    async (body: UpdateRoleInput) => (await api.call(roleEndpoints.update, { body })).data,
  );
}

export function useDeleteRole() {
  return useRoleMutation(
    async (id: number) => (await api.call(roleEndpoints.remove, { body: { id } })).data,
  );
}

export function useSetPermissions() {
  return useRoleMutation(
    async (body: SetPermissionsInput) =>
      (await api.call(roleEndpoints.setPermissions, { body })).data,
  );
}

export function useSetRoleTwoFactor() {
  return useRoleMutation(
    async (body: { role_id: number; required: boolean }) =>
      (await api.call(twoFactorEndpoints.setRoleRequirement, { body })).data,
  );
}
