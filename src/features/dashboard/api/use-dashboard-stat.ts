import { useEffect, useState } from 'react';
import { DASHBOARD_STAT_POLL_MS } from '../../../contract/dashboard';
import { NAMESPACES, type DashboardStat } from '../../../contract/socket-events';
import { getSocket, useSocketStatus, type SocketStatus } from '../../../lib/socket-manager';

export interface LiveDashboardStat {
  /** The newest counts, or null before the first answer. Kept while the socket is down. */
  stat: DashboardStat | null;
  /** When `stat` arrived (epoch ms). */
  receivedAt: number | null;
  status: SocketStatus;
}

/**
 * The dashboard's live counts (SPEC §7 /moderation-statistics): asks with 'dashboard-stat' every
 * 2 s while the page is mounted, and at once on (re)connect, and keeps the last answer. The
 * server computes one result per tick for every subscriber, so asking often is cheap.
 */
export function useDashboardStat(): LiveDashboardStat {
  const status = useSocketStatus(NAMESPACES.moderationStatistics);
  const [live, setLive] = useState<Omit<LiveDashboardStat, 'status'>>({
    stat: null,
    receivedAt: null,
  });

  useEffect(() => {
    const socket = getSocket(NAMESPACES.moderationStatistics);
    const ask = () => {
      if (socket.connected) socket.emit('dashboard-stat');
    };
    const onStat = (stat: DashboardStat) => setLive({ stat, receivedAt: Date.now() });
    socket.on('dashboard-stat', onStat);
    socket.on('connect', ask);
    ask();
    const timer = window.setInterval(ask, DASHBOARD_STAT_POLL_MS);
    return () => {
      window.clearInterval(timer);
      socket.off('dashboard-stat', onStat);
      socket.off('connect', ask);
    };
  }, []);

  return { ...live, status };
}
