import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { aiServicesEndpoints, type AiTestInput } from '../../../contract/ai-services';
import { api } from '../../../lib/api-client';

const keys = { all: ['ai-services'] as const };

/** The providers with their health: fetched on every visit and refreshed while it lasts. */
export const aiServicesQuery = queryOptions({
  queryKey: keys.all,
  staleTime: 0,
  queryFn: async ({ signal }) => (await api.call(aiServicesEndpoints.list, {}, { signal })).data,
  refetchInterval: 30_000,
});

/** "Test connection": the answer or the provider's error; a test counts in the health figures. */
export function useTestAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AiTestInput) =>
      (await api.call(aiServicesEndpoints.test, { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
