import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discardEndpoints,
  type DiscardFilterInput,
  type StartDiscardInput,
} from '../../../contract/discard';
import { serviceTokenEndpoints } from '../../../contract/service-tokens';
import { api } from '../../../lib/api-client';

const JOBS_KEY = ['discard', 'jobs'] as const;
/** A running job's progress is read every second; otherwise the list is fresh enough. */
const RUNNING_REFRESH_MS = 1_000;
const IDLE_REFRESH_MS = 15_000;

export function useDiscardServices() {
  return useQuery({
    queryKey: ['discard', 'services'],
    queryFn: ({ signal }) => api.call(serviceTokenEndpoints.serviceOptions, {}, { signal }),
  });
}

export function usePreviewDiscard() {
  return useMutation({
    mutationFn: (filter: DiscardFilterInput) =>
      api.call(discardEndpoints.preview, { query: filter }).then((answer) => answer.data),
  });
}

export function useDiscardJobs() {
  return useQuery({
    queryKey: JOBS_KEY,
    queryFn: ({ signal }) => api.call(discardEndpoints.jobs, {}, { signal }),
    select: (answer) => answer.data,
    refetchInterval: (query) =>
      query.state.data?.data.some((job) => job.status === 'running')
        ? RUNNING_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
}

export function useStartDiscard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartDiscardInput) =>
      api.call(discardEndpoints.start, { body }).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}

export function useCancelDiscard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.call(discardEndpoints.cancel, { params: { id } }).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}
