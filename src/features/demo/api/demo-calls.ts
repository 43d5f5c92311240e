import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  demoEndpoints,
  type DecisionBody,
  type SandboxResult,
  type Verdict,
} from '../../../contract/demo';
import { api } from '../../../lib/api-client';
import { withVerdict } from '../sandbox-items';

/** The demo role's private sandbox on the server (/trial-page). */
export const demoKeys = {
  all: ['demo-sandbox'] as const,
  compact: ['demo-sandbox', 'compact'] as const,
  result: ['demo-sandbox', 'result'] as const,
};

export const demoCompactQuery = queryOptions({
  queryKey: demoKeys.compact,
  queryFn: async ({ signal }) => (await api.call(demoEndpoints.compact, {}, { signal })).data,
});

/** Every decision so far with its comparison: asked again whenever the page opens. */
export const demoResultQuery = queryOptions({
  queryKey: demoKeys.result,
  staleTime: 0,
  queryFn: async ({ signal }) => (await api.call(demoEndpoints.result, {}, { signal })).data,
});

/** Submit and reset of the demo sandbox; the cached result follows each answer. */
export function useDemoActions() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      submit: async (body: DecisionBody): Promise<Verdict> => {
        const verdict = (await api.call(demoEndpoints.submit, { body })).data;
        queryClient.setQueryData<SandboxResult>(demoKeys.result, (current) =>
          current ? withVerdict(current, verdict) : current,
        );
        return verdict;
      },
      reset: async (): Promise<void> => {
        await api.call(demoEndpoints.reset, {});
        await queryClient.invalidateQueries({ queryKey: demoKeys.result });
      },
    }),
    [queryClient],
  );
}
