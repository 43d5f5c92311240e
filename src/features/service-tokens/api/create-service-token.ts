import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CreateServiceTokenResponseSchema } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { serviceTokenKeys } from './service-token-keys';

export type CreatedServiceToken = z.infer<typeof CreateServiceTokenResponseSchema>['data'];

/** POST /api/service-tokens/create: the raw token is in this answer only, once. */
export async function createServiceToken(serviceId: number): Promise<CreatedServiceToken> {
  const response = await api.post(
    '/api/service-tokens/create',
    { service_id: serviceId },
    CreateServiceTokenResponseSchema,
  );
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
