import { useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { userEndpoints } from '../../../contract/users';
import { listQueryOptions } from '../../../ui/data-table/list-query';
import { userKeys } from './user-keys';

export type UserListInput = EndpointInput<typeof userEndpoints.list>['query'];

/** One page of users as the server sorts and filters them (the URL's list state). */
export function usersQuery(query: UserListInput) {
  return listQueryOptions(userKeys.lists, userEndpoints.list, query);
}

export function useUsers(query: UserListInput) {
  return useQuery(usersQuery(query));
}
