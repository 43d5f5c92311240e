import { queryOptions, useQuery } from '@tanstack/react-query';
import { userEndpoints, type UserOptions } from '../../../contract/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** The roles the dialogs offer, and whether new users are invited by mail. */
export async function getUserOptions(): Promise<UserOptions> {
  return (await api.call(userEndpoints.options, {})).data;
}

export const userOptionsQuery = queryOptions({
  queryKey: userKeys.options,
  queryFn: getUserOptions,
  staleTime: 30_000,
});

export function useUserOptions() {
  return useQuery(userOptionsQuery);
}
