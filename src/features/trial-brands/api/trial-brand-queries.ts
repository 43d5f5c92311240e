import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { trialBrandEndpoints, type BrandFormInput } from '../../../contract/trials';
import { api } from '../../../lib/api-client';

export const trialBrandKeys = {
  all: ['trial-brands'] as const,
  list: ['trial-brands', 'list'] as const,
  options: ['trial-brands', 'options'] as const,
};

/** Every brand with how much its pages were used: asked again whenever the screen opens. */
export const trialBrandsQuery = queryOptions({
  queryKey: trialBrandKeys.list,
  staleTime: 0,
  queryFn: async ({ signal }) => (await api.call(trialBrandEndpoints.list, {}, { signal })).data,
});

export const trialBrandOptionsQuery = queryOptions({
  queryKey: trialBrandKeys.options,
  queryFn: async ({ signal }) => (await api.call(trialBrandEndpoints.options, {}, { signal })).data,
});

/** The screen's changes; each refreshes the list when it settles. Errors are the caller's. */
function useBrandMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialBrandKeys.list }),
  });
}

export function useCreateBrand() {
  return useBrandMutation(
    async (body: BrandFormInput) => (await api.call(trialBrandEndpoints.create, { body })).data,
  );
}

export function useUpdateBrand() {
  return useBrandMutation(
    async (body: BrandFormInput & { id: number }) =>
      (await api.call(trialBrandEndpoints.update, { body })).data,
  );
}

export function useDeleteBrand() {
  return useBrandMutation(
    async (id: number) => (await api.call(trialBrandEndpoints.remove, { body: { id } })).data,
  );
}
