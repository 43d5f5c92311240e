import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceTokenEndpoints } from '../../../contract/service-tokens';
import type { EndpointResponse } from '../../../contract/endpoint';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

export type CreatedServiceToken = EndpointResponse<typeof serviceTokenEndpoints.create>['data'];

/** Issues a token: the raw token is in this answer only, once. */
export async function createServiceToken(serviceId: number): Promise<CreatedServiceToken> {
  const response = await api.call(serviceTokenEndpoints.create, {
    body: { service_id: serviceId },
  });
  return response.data;
}

/** Creates a token and refreshes the list. Errors are the caller's to show (SPEC §8). */
export function useCreateServiceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceTokenKeys.lists }),
  });
}
