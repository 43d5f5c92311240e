/**
 * The dashboard's own texts beyond SPEC's (DASHBOARD_TEXTS in src/contract/dashboard.ts holds
 * those): empty states, live-connection notes and column headers, shared by screen and tests.
 */
export const DASHBOARD_PAGE_TEXTS = {
  title: 'Dashboard',
  servicesTitle: 'Services',
  contentsTitle: 'Contents',
  operatorsTitle: 'Operators today (UTC)',
  operatorColumn: 'Operator',
  handledColumn: 'Handled',
  avgHandlingColumn: 'Avg Handling',
  avgHandlingHint: 'Average time from an item loaded on screen to its decision, today (UTC)',
  noOperatorsToday: 'No operator has decided an item today',
  searchServices: 'Search services',
  livePaused: 'Live counts paused — reconnecting',
  liveWaiting: 'Connecting to live counts…',
  live: 'Live',
  noServices: 'No services yet',
  noServicesMatch: (search: string) => `No services match “${search}”`,
  noModerators: 'No operator is moderating right now',
  waitingForContent: 'Waiting for content',
  empty: {
    failedContentRequests: 'No failed requests',
    failedEndpointResponses: 'No failed responses',
    stuckPending: 'No stuck pending items',
    failedAiModerate: 'No failed AI moderation',
    stuckFailed: 'No stuck failed items',
  },
  lastUpdated: (time: string) => `Last updated ${time}`,
  loadFailed: (title: string, message: string) => `Could not load ${title}: ${message}`,
  waitingForNetwork: (title: string) => `${title} will load when the network is back.`,
  retry: 'Retry',
} as const;
