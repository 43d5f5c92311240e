import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { PERSIST_MAX_AGE_MS } from './query-persistence';

/**
 * SPEC §9: query cache 60 s. Client errors (4xx) are not retried: asking again will not help.
 * Unused queries stay as long as the persisted cache may be (query-persistence.ts), or a
 * restored query would be dropped from storage after 5 minutes unseen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: PERSIST_MAX_AGE_MS,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        failureCount < 2,
    },
  },
});
