import { useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '../../../contract/endpoint';
import { serviceEndpoints } from '../../../contract/services';
import { listQueryOptions } from '../../../ui/data-table/list-query';
import { serviceKeys } from './service-keys';

export type ServiceListInput = EndpointInput<typeof serviceEndpoints.list>['query'];

/** One page of services as the server sorts and filters them (the URL's list state). */
export function servicesQuery(query: ServiceListInput) {
  return listQueryOptions(serviceKeys.lists, serviceEndpoints.list, query);
}

export function useServices(query: ServiceListInput) {
  return useQuery(servicesQuery(query));
}
