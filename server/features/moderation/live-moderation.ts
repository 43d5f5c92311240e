import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AiProvider } from '../ai/ai-provider';
import { createLocalAiProvider } from '../ai/local-ai-provider';
import { startDemoFeeder, type DemoFeeder } from '../demo/demo-feeder';
import { demoMediaRoutes } from '../demo/demo-media';
import { seedDemoServices, type SeededServices } from '../demo/demo-services';
import { ingestRoutes } from '../ingest/ingest-routes';
import { registerFetchOnlineUsers } from '../online-users/fetch-online-users-socket';
import { onlineUsersRoutes } from '../online-users/online-users-routes';
import { registerOnlineUsers, type OnlineUsers } from '../online-users/online-users-socket';
import { getSetting } from '../settings/settings-repository';
import { statisticsRoutes } from '../statistics/statistics-routes';
import { QueueCountsCache } from '../statistics/statistics-repository';
import { registerUserStats } from '../statistics/user-stats-socket';
import { LeaseKeeper } from './lease-keeper';
import { moderationRoutes } from './moderation-routes';

export const LEASE_GRACE_SETTING = 'lease_grace_seconds';
export const DEFAULT_LEASE_GRACE_SECONDS = 60;

export interface LiveModeration {
  onlineUsers: OnlineUsers;
  leases: LeaseKeeper;
  ai: AiProvider;
  seededServices: SeededServices | undefined;
  /** Starts what needs the listening address (the demo feeder). */
  started(address: { port: number; host: string }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Wires live moderation (issue 3): ingest, AI suggestions, the queue and its leases, the
 * /online-users, /user-stats and /fetch-online-users namespaces, the content calls, statistics
 * and, in demo mode, the demo services, media and feeder. Call before the HTTP server is ready.
 */
export async function registerLiveModeration(
  http: FastifyInstance,
  deps: { db: Database; io: Server; config: Config; ai?: AiProvider },
): Promise<LiveModeration> {
  const { db, io, config } = deps;
  const log = http.log;
  const seededServices = config.seedDemo ? await seedDemoServices(db) : undefined;
  const graceSeconds =
    config.leaseGraceSeconds ??
    (await getSetting<number>(db, LEASE_GRACE_SETTING)) ??
    DEFAULT_LEASE_GRACE_SECONDS;
  const nodeId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const ai = deps.ai ?? createLocalAiProvider();
  const counts = new QueueCountsCache(db);

  // The keeper's events reach the namespace created just below; it ticks only after start().
  const leases = new LeaseKeeper(
    db,
    graceSeconds,
    {
      leasesExpired: (userIds) => onlineUsers.leasesExpired(userIds),
      presenceExpired: (userIds) => onlineUsers.presenceExpired(userIds),
    },
    log,
  );
  const onlineUsers = registerOnlineUsers({
    io,
    db,
    leases,
    nodeId,
    aiWaitSeconds: config.aiWaitSeconds,
    log,
  });
  const userStats = registerUserStats({ io, db, counts, log });
  registerFetchOnlineUsers({ io, db, counts, log });

  await ingestRoutes(http, { db, ai });
  await moderationRoutes(http, { db, userStats });
  await statisticsRoutes(http, { db });
  await onlineUsersRoutes(http, { db, onlineUsers });
  await demoMediaRoutes(http);
  leases.start();

  let feeder: DemoFeeder | undefined;
  let closed = false;
  return {
    onlineUsers,
    leases,
    ai,
    seededServices,
    async started(address) {
      if (!config.seedDemo || !config.demoFeeder || closed) return;
      const host = ['0.0.0.0', '::', ''].includes(address.host) ? '127.0.0.1' : address.host;
      const selfUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      feeder = await startDemoFeeder({
        db,
        selfUrl,
        mediaBaseUrl: config.publicUrl ?? `http://localhost:${address.port}`,
        queueTarget: config.demoQueueTarget,
        intervalMs: config.demoFeedIntervalMs,
        log,
      });
    },
    async close() {
      closed = true;
      leases.stop();
      userStats.close();
      await feeder?.stop();
    },
  };
}
