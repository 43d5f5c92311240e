import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { PERSIST_MAX_AGE_MS } from './query-persistence';

/**
 * SPEC §9: query cache 60 s. Only failures that may pass by themselves are retried (no answer,
 * maintenance, a server fault): asking again will not help with the others.
 * Unused queries stay as long as the persisted cache may be (query-persistence.ts), or a
 * restored query would be dropped from storage after 5 minutes unseen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: PERSIST_MAX_AGE_MS,
      retry: (failureCount, error) =>
        failureCount < 2 &&
        (!(error instanceof ApiError) || error.code === 'unavailable' || error.code === 'server'),
    },
  },
});
