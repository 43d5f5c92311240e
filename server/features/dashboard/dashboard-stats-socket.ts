import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { DASHBOARD_STAT_POLL_MS } from '../../../src/contract/dashboard';
import { NAMESPACES, clientEvents, type DashboardStat } from '../../../src/contract/socket-events';
import type { Queryable } from '../../db/database';
import { missingPermissions } from '../../../src/contract/endpoint';
import { onEvent } from '../../sockets/socket-event';
import { typedNamespace, type SocketData } from '../../sockets/socket-server';
import { computeDashboardStat } from './dashboard-repository';

/**
 * /moderation-statistics. A client asks with 'dashboard-stat' every 2 s (SPEC §7); asking makes
 * its socket a subscriber. While this process has at least one subscriber it computes the
 * statistics once per tick and sends that one result to all of them, so a hundred open
 * dashboards cost what one does. A new subscriber gets the latest result at once. With the Redis
 * adapter every process serves its own subscribers (a local broadcast), so each process computes
 * at most once per tick and no subscriber gets a result twice. A socket that has not asked for
 * three ticks (its dashboard page was left; the socket itself stays for the session) stops being
 * a subscriber, and with the last one gone the tick stops. The namespace and the event need
 * section_dashboard (NAMESPACE_ACCESS and clientEvents in the contract).
 */
export const DASHBOARD_ROOM = 'dashboard-stat';

export interface DashboardStats {
  /** How many times the statistics were computed (for tests and metrics). */
  readonly computations: number;
  /** Whether the tick runs (someone on this process is subscribed). */
  readonly ticking: boolean;
  close(): void;
}

export function registerDashboardStats(deps: {
  io: Server;
  db: Queryable;
  log: FastifyBaseLogger;
  tickMs?: number;
}): DashboardStats {
  const namespace = typedNamespace(deps.io, NAMESPACES.moderationStatistics);
  const tickMs = deps.tickMs ?? DASHBOARD_STAT_POLL_MS;
  let computations = 0;
  let latest: DashboardStat | undefined;
  let inflight: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** When each subscribed socket last asked (epoch ms). */
  const lastAsked = new Map<string, number>();
  const staleMs = 3 * tickMs;

  const subscriberCount = () => namespace.adapter.rooms.get(DASHBOARD_ROOM)?.size ?? 0;

  const compute = (): Promise<void> => {
    inflight ??= (async () => {
      try {
        computations += 1;
        latest = await computeDashboardStat(deps.db);
        namespace.local.to(DASHBOARD_ROOM).emit('dashboard-stat', latest);
      } catch (error) {
        deps.log.error({ err: error }, 'dashboard statistics failed');
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  };

  /** Drops sockets that stopped asking, and those whose user lost the permission meanwhile. */
  const dropStaleSubscribers = () => {
    const now = Date.now();
    for (const id of namespace.adapter.rooms.get(DASHBOARD_ROOM) ?? []) {
      const user = (namespace.sockets.get(id)?.data as SocketData | undefined)?.user;
      const access = clientEvents.dashboardStat.access;
      const permitted =
        user !== undefined && missingPermissions(access, user.permissions).length === 0;
      if (permitted && now - (lastAsked.get(id) ?? 0) <= staleMs) continue;
      lastAsked.delete(id);
      void namespace.sockets.get(id)?.leave(DASHBOARD_ROOM);
    }
  };

  const tick = () => {
    dropStaleSubscribers();
    if (subscriberCount() === 0) {
      clearInterval(timer);
      timer = undefined;
      latest = undefined;
      return;
    }
    void compute();
  };

  namespace.on('connection', (socket) => {
    socket.on('disconnect', () => lastAsked.delete(socket.id));
    onEvent(socket, clientEvents.dashboardStat, deps.log, () => {
      lastAsked.set(socket.id, Date.now());
      if (socket.rooms.has(DASHBOARD_ROOM)) return;
      void socket.join(DASHBOARD_ROOM);
      if (latest) socket.emit('dashboard-stat', latest);
      if (!timer) {
        timer = setInterval(tick, tickMs);
        // The first subscriber gets numbers now rather than after a tick.
        if (!latest) void compute();
      }
    });
  });

  return {
    get computations() {
      return computations;
    },
    get ticking() {
      return timer !== undefined;
    },
    close() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
