/** Query keys of the roles screen. */
export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
};
