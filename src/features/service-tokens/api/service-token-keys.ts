/** Query keys of the service-token screen, one place so mutations invalidate what they change. */
export const serviceTokenKeys = {
  all: ['service-tokens'] as const,
  lists: ['service-tokens', 'list'] as const,
  list: (params: { page: number; perPage: number; serviceName: string }) =>
    ['service-tokens', 'list', params] as const,
  serviceOptions: ['service-tokens', 'service-options'] as const,
};
