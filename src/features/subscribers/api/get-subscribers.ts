import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { serviceTokenEndpoints, type ServiceOption } from '../../../contract/service-tokens';
import { subscriberEndpoints } from '../../../contract/subscribers';
import { api } from '../../../lib/api-client';
import { listQueryOptions } from '../../../ui/data-table/list-query';
import { subscriberKeys } from './subscriber-keys';

export type SubscriberListInput = EndpointInput<typeof subscriberEndpoints.list>['query'];

/** One page of subscribers as the server sorts and filters them (the URL's list state). */
export function subscribersQuery(query: SubscriberListInput) {
  return listQueryOptions(subscriberKeys.lists, subscriberEndpoints.list, query);
}

export function useSubscribers(query: SubscriberListInput) {
  return useQuery(subscribersQuery(query));
}

/** Every service as {id, name}, for the service filter. */
export const subscriberServiceOptionsQuery = queryOptions({
  queryKey: subscriberKeys.serviceOptions,
  queryFn: (): Promise<ServiceOption[]> => api.call(serviceTokenEndpoints.serviceOptions, {}),
  staleTime: 30_000,
});

export function useSubscriberServiceOptions() {
  return useQuery(subscriberServiceOptionsQuery);
}
