/** Query keys of the pools screen. */
export const poolKeys = {
  all: ['pools'] as const,
  list: ['pools', 'list'] as const,
  options: ['pools', 'options'] as const,
};
