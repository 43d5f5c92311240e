import type { DashboardStat } from '../../../../src/contract/socket-events';

/** A DashboardStat as the /moderation-statistics socket sends it. */
export const STAT: DashboardStat = {
  total: 1520,
  data: [
    { content_id: 41, username: 'operator' },
    { content_id: null, username: 'batch' },
  ],
  total_pending: 1520,
  pending: 1480,
  assigned: 40,
  moderating: 2,
  serviceStats: [
    {
      _id: 1,
      service_name: 'Photo Feed',
      online_users: 2,
      total_pending: 1000,
      pending: 970,
      assigned: 30,
      handled: 6000,
      avg_handling_seconds: 42.5,
    },
    {
      _id: 2,
      service_name: 'Chat Relay',
      online_users: 1,
      total_pending: 520,
      pending: 510,
      assigned: 10,
      handled: 3876,
      avg_handling_seconds: null,
    },
  ],
  handled: 9876,
  operatorStats: [
    { user_id: 3, username: 'operator', handled: 120, avg_handling_seconds: 75 },
    { user_id: 4, username: 'batch', handled: 4, avg_handling_seconds: null },
  ],
};
