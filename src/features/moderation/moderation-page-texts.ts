/** The texts of the operator's moderation screen (SPEC §4), shared with the tests. */
export const MODERATION_PAGE_TEXTS = {
  elsewhereTitle: 'Moderating somewhere else',
  assignedTitle: (count: number) => `(${count} assigned)`,
  waiting: 'Waiting for content. New items appear here as soon as they are assigned.',
  connecting: 'Connecting to the moderation server…',
  noneInFilter: 'No assigned items of this type.',
  batchSubmit: (count: number) => `Submit ${count} ${count === 1 ? 'item' : 'items'}`,
} as const;
