/** Query keys of the users screen, one place so mutations invalidate what they change. */
export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  options: ['users', 'options'] as const,
};
