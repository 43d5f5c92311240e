import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '../../../contract/endpoint';
import { userEndpoints, type UserListQuery } from '../../../contract/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type UserPage = Omit<EndpointResponse<typeof userEndpoints.list>, 'ok'>;

/** One page of users as the server sorts and filters them. */
export async function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UserPage> {
  const { ok: _ok, ...page } = await api.call(userEndpoints.list, { query }, { signal });
  return page;
}

export function usersQuery(query: UserListQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // Keep the current page on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQuery(query));
}

/** The CSV download address of the current filter (the server streams it). */
export function usersExportHref(query: UserListQuery): string {
  const { search, role_id, active, batch } = query;
  return api.href(userEndpoints.export, { query: { search, role_id, active, batch } });
}
