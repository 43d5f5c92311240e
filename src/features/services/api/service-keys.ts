/** Query keys of the services screen, one place so mutations invalidate what they change. */
export const serviceKeys = {
  all: ['services'] as const,
  lists: ['services', 'list'] as const,
};
