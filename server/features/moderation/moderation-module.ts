import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { getSetting } from '../settings/settings-repository';
import type { UserStats } from '../statistics/user-stats-socket';
import { LeaseKeeper } from './lease-keeper';
import { registerModerationSocket, type ModerationSocket } from './moderation-socket';
import { moderationRoutes } from './moderation-routes';

export const LEASE_GRACE_SETTING = 'lease_grace_seconds';
export const DEFAULT_LEASE_GRACE_SECONDS = 60;

export interface ModerationModule extends DomainLifecycle {
  socket: ModerationSocket;
  leases: LeaseKeeper;
}

/**
 * Live moderation: the queue and its leases, the moderation protocol on /online-users and the
 * content calls of the moderation screen. LEASE_GRACE_SECONDS wins over the setting.
 */
export async function registerModeration(
  context: ServerContext,
  deps: { userStats: UserStats },
): Promise<ModerationModule> {
  const { http, io, db, config, log } = context;
  const graceSeconds =
    config.leaseGraceSeconds ??
    (await getSetting<number>(db, LEASE_GRACE_SETTING)) ??
    DEFAULT_LEASE_GRACE_SECONDS;
  // Names this process in moderation_presence, so a holder's process is known across processes.
  const nodeId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  // The keeper's events reach the socket made just below; it ticks only after start().
  const leases = new LeaseKeeper(
    db,
    graceSeconds,
    {
      leasesExpired: (userIds) => socket.leasesExpired(userIds),
      presenceExpired: (userIds) => socket.presenceExpired(userIds),
    },
    log,
  );
  const socket = registerModerationSocket({
    io,
    db,
    leases,
    nodeId,
    aiWaitSeconds: config.aiWaitSeconds,
    log,
  });
  moderationRoutes(http, { db, userStats: deps.userStats });

  return {
    socket,
    leases,
    start() {
      leases.start();
    },
    close() {
      leases.stop();
    },
  };
}
