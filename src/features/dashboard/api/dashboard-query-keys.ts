/** Query keys of the dashboard's tables, one place so invalidation and tests agree. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  failedContentRequests: ['dashboard', 'failed-content-requests'] as const,
  failedEndpointResponses: ['dashboard', 'failed-endpoint-responses'] as const,
  stuckPending: ['dashboard', 'stuck-pending'] as const,
  failedAiModerate: ['dashboard', 'failed-ai-moderate'] as const,
  stuckFailed: ['dashboard', 'stuck-failed'] as const,
};
