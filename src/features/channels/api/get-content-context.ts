import { useQuery } from '@tanstack/react-query';
import { channelEndpoints } from '../../../contract/channels';
import { api } from '../../../lib/api-client';

/** An item's channel context, for its card on a channel view; a 404 (not held any more) stays one. */
export function useContentContext(id: number) {
  return useQuery({
    queryKey: ['channels', 'context', id] as const,
    queryFn: ({ signal }) => api.call(channelEndpoints.context, { params: { id } }, { signal }),
    select: (answer) => answer.data,
    retry: false,
    staleTime: 30_000,
  });
}
