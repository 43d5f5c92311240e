import { useMutation, useQueryClient } from '@tanstack/react-query';
import { poolEndpoints, type PoolBodyInput, type UpdatePoolInput } from '../../../contract/pools';
import { api } from '../../../lib/api-client';
import { poolKeys } from './pool-keys';

/** The pools screen's changes; each refreshes the list when it settles. Errors are the caller's. */
function usePoolMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

export function useCreatePool() {
  return usePoolMutation(
    async (body: PoolBodyInput) => (await api.call(poolEndpoints.create, { body })).data,
  );
}

export function useUpdatePool() {
  return usePoolMutation(
    async (body: UpdatePoolInput) => (await api.call(poolEndpoints.update, { body })).data,
  );
}

export function useDeletePool() {
  return usePoolMutation(
    async (id: number) => (await api.call(poolEndpoints.remove, { body: { id } })).data,
  );
}
