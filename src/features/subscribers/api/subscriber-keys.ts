/** Query keys of the subscribers screen, one place so mutations invalidate what they change. */
export const subscriberKeys = {
  all: ['subscribers'] as const,
  lists: ['subscribers', 'list'] as const,
  serviceOptions: ['subscribers', 'service-options'] as const,
};
