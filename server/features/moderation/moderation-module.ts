import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import type { UserStats } from '../statistics/user-stats-socket';
import type { ProtectItems } from '../wellbeing/item-protection';
import { pooledUserIds } from '../pools/pool-repository';
import { ClaimGates } from '../channels/claim-gates';
import { countClaimable } from './content-repository';
import { LeaseKeeper } from './lease-keeper';
import type { QueueSignal } from './queue-signal';
import { registerModerationSocket, type ModerationSocket } from './moderation-socket';
import { moderationRoutes } from './moderation-routes';

export const LEASE_GRACE_SETTING = 'lease_grace_seconds';

export interface ModerationModule extends DomainLifecycle {
  socket: ModerationSocket;
  leases: LeaseKeeper;
}

/**
 * Live moderation: the queue and its leases, the moderation protocol on /online-users and the
 * content calls of the moderation screen. The lease grace and the AI wait are the settings in
 * force at each use (settings-registry.ts): a save on /settings applies to the next lease.
 */
export async function registerModeration(
  context: ServerContext,
  deps: { userStats: UserStats; queue: QueueSignal; protect?: ProtectItems },
): Promise<ModerationModule> {
  const { http, io, db, settings, log } = context;
  // Names this process in moderation_presence, so a holder's process is known across processes.
  const nodeId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  // The keeper's events reach the socket made just below; it ticks only after start().
  const leases = new LeaseKeeper(
    db,
    () => settings.get(LEASE_GRACE_SETTING),
    {
      leasesExpired: (userIds) => socket.leasesExpired(userIds),
      presenceExpired: (userIds) => socket.presenceExpired(userIds),
    },
    log,
  );
  const aiWaitSeconds = () => settings.get('ai_wait_seconds');
  // One gate per claim scope: /moderation's, and each channel view's.
  const gate = new ClaimGates((channel) => ({
    countClaimable: (cap) =>
      countClaimable(db.deferred, { aiWaitSeconds: aiWaitSeconds(), cap, channel }),
    pooledUsers: () => pooledUserIds(db.deferred),
  }));
  deps.queue.onItemsQueued(() => gate.reset());
  const socket = registerModerationSocket({
    io,
    db,
    leases,
    gate,
    nodeId,
    get aiWaitSeconds() {
      return aiWaitSeconds();
    },
    log,
    metrics: context.metrics,
  });
  moderationRoutes(http, {
    db,
    userStats: deps.userStats,
    metrics: context.metrics,
    protect: deps.protect,
  });

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
