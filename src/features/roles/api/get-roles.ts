import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleEndpoints, type RoleRow } from '../../../contract/roles';
import { api } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** Every role with its users count and permissions, built-in roles first. */
export async function getRoles(signal?: AbortSignal): Promise<RoleRow[]> {
  return (await api.call(roleEndpoints.list, {}, { signal })).data;
}

export const rolesQuery = queryOptions({
  queryKey: roleKeys.list,
  queryFn: ({ signal }) => getRoles(signal),
});

export function useRoles() {
  return useQuery(rolesQuery);
}
