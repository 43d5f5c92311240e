import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sandboxEndpoints,
  type SandboxDecisionInput,
  type SandboxRun,
  type StartSandboxRunInput,
} from '../../../contract/sandbox';
import { api } from '../../../lib/api-client';

/** How often a run is read while something may still happen: each step shows within a second. */
const LIVE_REFRESH_MS = 1_000;
const RUNS_KEY = ['sandbox', 'runs'] as const;
const runKey = (id: number) => ['sandbox', 'run', id] as const;

export function useSandboxOptions() {
  return useQuery({
    queryKey: ['sandbox', 'options'],
    queryFn: ({ signal }) => api.call(sandboxEndpoints.options, {}, { signal }),
    select: (answer) => answer.data,
  });
}

export function useSandboxRun(id: number | undefined) {
  return useQuery({
    queryKey: runKey(id ?? 0),
    queryFn: ({ signal }) =>
      api.call(sandboxEndpoints.run, { params: { id: id ?? 0 } }, { signal }),
    select: (answer) => answer.data,
    enabled: id !== undefined,
    retry: false,
    refetchInterval: (query) => (query.state.data?.data.finished ? false : LIVE_REFRESH_MS),
  });
}

export function useSandboxRuns() {
  return useQuery({
    queryKey: RUNS_KEY,
    queryFn: ({ signal }) => api.call(sandboxEndpoints.runs, {}, { signal }),
    select: (answer) => answer.data,
    // Quickly while a run is under way, so the list follows it to the receiver.
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => run.reached !== 'received') ? 3_000 : 30_000,
  });
}

function useRunAnswer() {
  const queryClient = useQueryClient();
  return (run: SandboxRun) => {
    queryClient.setQueryData(runKey(run.id), { ok: true as const, data: run });
    void queryClient.invalidateQueries({ queryKey: RUNS_KEY });
  };
}

export function useStartRun() {
  const store = useRunAnswer();
  return useMutation({
    mutationFn: (body: StartSandboxRunInput) =>
      api.call(sandboxEndpoints.start, { body }).then((answer) => answer.data),
    onSuccess: store,
  });
}

export function useDecideRun() {
  const store = useRunAnswer();
  return useMutation({
    mutationFn: (input: { id: number; body: SandboxDecisionInput }) =>
      api
        .call(sandboxEndpoints.decide, { params: { id: input.id }, body: input.body })
        .then((answer) => answer.data),
    onSuccess: store,
  });
}
