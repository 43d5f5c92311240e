import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  aiContentEndpoints,
  aiModerationEndpoints,
  type AgreementQuery,
} from '../../../contract/ai-review';
import type { EndpointInput } from '../../../contract/endpoint';
import { serviceTokenEndpoints } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';
import { listQueryOptions } from '../../../ui/data-table/list-query';

/** The AI step moves every second: /aicontent refreshes its figures and list this often. */
export const AI_CONTENT_REFETCH_MS = 5_000;

export const aiReviewKeys = {
  services: ['ai-review', 'services'] as const,
  search: ['ai-review', 'search'] as const,
  agreement: ['ai-review', 'agreement'] as const,
  content: ['ai-content'] as const,
};

/** Every service as id and name, for the service filters. */
export const aiServiceOptionsQuery = queryOptions({
  queryKey: aiReviewKeys.services,
  queryFn: ({ signal }) => api.call(serviceTokenEndpoints.serviceOptions, {}, { signal }),
  staleTime: 60_000,
});

export function useAiServiceOptions() {
  return useQuery(aiServiceOptionsQuery);
}

type SearchQuery = EndpointInput<typeof aiModerationEndpoints.search>['query'];

export function useAiResults(query: SearchQuery) {
  return useQuery(listQueryOptions(aiReviewKeys.search, aiModerationEndpoints.search, query));
}

type AgreementInput = { [K in keyof AgreementQuery]?: string | number | undefined };

export function useAgreement(query: AgreementInput) {
  return useQuery({
    queryKey: [...aiReviewKeys.agreement, query],
    queryFn: async ({ signal }) =>
      (await api.call(aiModerationEndpoints.agreement, { query: query as never }, { signal })).data,
  });
}

export function useAiContentSummary() {
  return useQuery({
    queryKey: [...aiReviewKeys.content, 'summary'],
    queryFn: async ({ signal }) =>
      (await api.call(aiContentEndpoints.summary, {}, { signal })).data,
    refetchInterval: AI_CONTENT_REFETCH_MS,
  });
}

type ContentQuery = EndpointInput<typeof aiContentEndpoints.items>['query'];

export function useAiContentItems(query: ContentQuery) {
  return useQuery({
    ...listQueryOptions([...aiReviewKeys.content, 'items'], aiContentEndpoints.items, query),
    refetchInterval: AI_CONTENT_REFETCH_MS,
  });
}

/** Retry one failed item; answers its AI state afterwards ('done' when answered at once). */
export function useRetryAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(aiContentEndpoints.retry, { params: { id } })).data.ai_state,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiReviewKeys.content }),
  });
}

export function useRetryAllFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (serviceId: number | undefined) =>
      (
        await api.call(aiContentEndpoints.retryFailed, {
          body: serviceId === undefined ? {} : { service_id: serviceId },
        })
      ).data.count,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiReviewKeys.content }),
  });
}
