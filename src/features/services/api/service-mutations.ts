import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints, type TestDeliveryResult } from '../../../contract/delivery';
import type { EndpointResponse } from '../../../contract/endpoint';
import {
  serviceEndpoints,
  type RotateSecretInput,
  type ServiceFormInput,
  type ServiceRow,
} from '../../../contract/services';
import { api } from '../../../lib/api-client';
import { serviceKeys } from './service-keys';

export type CreatedService = EndpointResponse<typeof serviceEndpoints.create>['data'];
export type RotatedSecret = EndpointResponse<typeof serviceEndpoints.rotateSecret>['data'];

/**
 * The services screen's changes. Each refreshes the list when it settles; errors are the
 * caller's to show (a 422 carries the message of each bad field for the form).
 */
function useServiceMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceKeys.lists }),
  });
}

export function useCreateService() {
  return useServiceMutation(
    async (body: ServiceFormInput): Promise<CreatedService> =>
      (await api.call(serviceEndpoints.create, { body })).data,
  );
}

export function useUpdateService() {
  return useServiceMutation(
    async ({ id, body }: { id: number; body: ServiceFormInput }): Promise<ServiceRow> =>
      (await api.call(serviceEndpoints.update, { params: { id }, body })).data,
  );
}

export function useRotateSecret() {
  return useServiceMutation(
    async ({ id, body }: { id: number; body: RotateSecretInput }): Promise<RotatedSecret> =>
      (await api.call(serviceEndpoints.rotateSecret, { params: { id }, body })).data,
  );
}

/** Posts a signed sample decision to the service's callback and answers what came back. */
export async function sendTestDelivery(id: number): Promise<TestDeliveryResult> {
  return (await api.call(deliveryEndpoints.testDelivery, { params: { id } })).data;
}

export function useTestDelivery() {
  return useMutation({ mutationFn: sendTestDelivery });
}
