import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints } from '../../../contract/delivery';
import { api } from '../../../lib/api-client';

/** Delivery figures move with every decision: refreshed every 5 s while the screen is open. */
export const AGGREGATOR_REFETCH_MS = 5_000;

export const aggregatorKeys = {
  all: ['aggregator'] as const,
  services: ['aggregator', 'services'] as const,
  problems: (serviceId: number) => ['aggregator', 'problems', serviceId] as const,
  disabled: ['aggregator', 'disabled'] as const,
};

export const serviceDeliveriesQuery = queryOptions({
  queryKey: aggregatorKeys.services,
  queryFn: async () => (await api.call(deliveryEndpoints.services, {})).data,
  refetchInterval: AGGREGATOR_REFETCH_MS,
});

export function useServiceDeliveries() {
  return useQuery(serviceDeliveriesQuery);
}

export function useProblemDeliveries(serviceId: number | null) {
  return useQuery({
    queryKey: aggregatorKeys.problems(serviceId ?? 0),
    queryFn: async () =>
      (await api.call(deliveryEndpoints.problems, { params: { id: serviceId ?? 0 } })).data,
    enabled: serviceId !== null,
    refetchInterval: AGGREGATOR_REFETCH_MS,
  });
}

/** Services whose delivery stopped after a 410: the dashboard's notice. */
export function useDisabledDeliveries() {
  return useQuery({
    queryKey: aggregatorKeys.disabled,
    queryFn: async () => (await api.call(deliveryEndpoints.disabled, {})).data,
    refetchInterval: 30_000,
  });
}

export type ServiceAction = 'pause' | 'resume' | 'enable';

/** Pause, resume or enable a service's delivery; every figure of the screen is refreshed. */
export function useServiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, serviceId }: { action: ServiceAction; serviceId: number }) => {
      await api.call(deliveryEndpoints[action], { params: { id: serviceId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}

export function useRedeliverFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (serviceId: number) =>
      (await api.call(deliveryEndpoints.redeliverFailed, { params: { id: serviceId } })).data.count,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) => {
      await api.call(deliveryEndpoints.redeliver, { params: { id: deliveryId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}
