import { useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { loginHistoryEndpoints } from '../../../contract/login-history';
import { listQueryOptions } from '../../../ui/data-table/list-query';

type LoginHistoryQuery = EndpointInput<typeof loginHistoryEndpoints.list>['query'];

/** One page of sign-in attempts for the list's URL state, keeping the previous page meanwhile. */
export const loginHistoryQuery = (query: LoginHistoryQuery) =>
  listQueryOptions(['login-history', 'list'], loginHistoryEndpoints.list, query);

export function useLoginHistory(query: LoginHistoryQuery) {
  return useQuery(loginHistoryQuery(query));
}
