import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentToolEndpoints, type ContentToolItem } from '../../../contract/content-tool';
import { api } from '../../../lib/api-client';
import type { ToolAction } from '../content-tool-texts';

/** While the page is open the timeline follows the item (new attempts, a lease ending). */
const TIMELINE_REFRESH_MS = 5_000;

const itemKey = (id: number) => ['content-tool', 'item', id] as const;

export function useContentToolItem(id: number | undefined) {
  return useQuery({
    queryKey: itemKey(id ?? 0),
    queryFn: ({ signal }) =>
      api.call(contentToolEndpoints.item, { params: { id: id ?? 0 } }, { signal }),
    select: (answer) => answer.data,
    enabled: id !== undefined,
    refetchInterval: TIMELINE_REFRESH_MS,
    // A missing item stays missing: no retries for a 404.
    retry: false,
  });
}

const ENDPOINTS = {
  requeue: contentToolEndpoints.requeue,
  discard: contentToolEndpoints.discard,
  redeliver: contentToolEndpoints.redeliver,
} as const;

/** One action on the item; the answer (the item afterwards) replaces the cached timeline. */
export function useItemAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: ToolAction; id: number; reason: string }) =>
      api
        .call(ENDPOINTS[input.action], {
          params: { id: input.id },
          body: { reason: input.reason },
        })
        .then((answer) => answer.data),
    onSuccess: (item: ContentToolItem) => {
      queryClient.setQueryData(itemKey(item.id), { ok: true as const, data: item });
    },
  });
}
