import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  subscriberEndpoints,
  type SubscriberFormInput,
  type SubscriberRow,
} from '../../../contract/subscribers';
import { api } from '../../../lib/api-client';
import { subscriberKeys } from './subscriber-keys';

/** Saves a subscriber's name, notes and block state; the list refreshes when it settles. */
export function useUpdateSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number;
      body: SubscriberFormInput;
    }): Promise<SubscriberRow> =>
      (await api.call(subscriberEndpoints.update, { params: { id }, body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriberKeys.lists }),
  });
}
