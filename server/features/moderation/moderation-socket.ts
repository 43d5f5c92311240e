import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { NAMESPACES, clientEvents } from '../../../src/contract/socket-events';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import { onEvent } from '../../sockets/socket-event';
import {
  type SocketData,
  type TypedNamespace,
  typedNamespace,
  userRoom,
} from '../../sockets/socket-server';
import { deleteUserSessions } from '../auth/session-repository';
import {
  claimContents,
  leasedContentIds,
  releaseContent,
  releaseUserContents,
  type LeaseEnd,
} from './content-repository';
import type { Channel } from '../../../src/contract/channels';
import type { ClaimGates } from '../channels/claim-gates';
import { refuseChannelWithoutPermission } from '../channels/channel-access';
import type { LeaseKeeper } from './lease-keeper';
import {
  clearModeration,
  moderatingSocketOf,
  setParkTime,
  takeModeration,
} from './presence-repository';
import type { AppMetrics } from '../../observability/metrics';

/**
 * The moderation protocol on the /online-users namespace. Rules:
 * - One socket per user holds moderation (moderation_presence). moderate-me takes it unless
 *   another live socket of the user holds it; the refused socket is told who does
 *   (moderation-status with the other socket's id). Liveness is asked of every process through
 *   the adapter (fetchSockets), so this holds across processes with Redis.
 * - Only the holder may request content; a claim never exceeds the user's max_content.
 * - park-me (from the holder, or when no live socket holds moderation) ends moderation and
 *   returns the user's items to the queue at once; unmap-content returns one item.
 * - A dropped holder keeps moderation and its items for the lease grace period (LeaseKeeper).
 * - Payloads and permissions are checked by onEvent from the contract (clientEvents); an event
 *   naming another user than the socket's own is refused.
 */
type OnlineUsersNamespace = TypedNamespace<'/online-users'>;

export interface ModerationSocketDeps {
  io: Server;
  db: Database;
  leases: LeaseKeeper;
  /** Answers requests that can only find nothing without a claim statement. */
  gate: ClaimGates;
  nodeId: string;
  aiWaitSeconds: number;
  log: FastifyBaseLogger;
  metrics?: Pick<AppMetrics, 'itemsClaimed'>;
}

/**
 * Work to commit with a park or kick (its audit row): runs in the same transaction, with the
 * number of items that went back to the queue.
 */
export type AlongWith = (tx: Queryable, itemsReturned: number) => Promise<void>;

export interface ModerationSocket {
  namespace: OnlineUsersNamespace;
  /** Server-side park (admin action or server decision): items back, holder cleared, told. */
  park(userId: number, alongWith?: AlongWith): Promise<void>;
  /** Ends the user's sessions, parks them and tells every socket of theirs to sign out. */
  kick(userId: number, alongWith?: AlongWith): Promise<void>;
  /** Users whose items the sweeper took back. */
  leasesExpired(userIds: number[]): void;
  /**
   * Users some of whose items were taken from their screens by staff (discarded, requeued):
   * their screens are reset (reset-content) and get back the items they still hold.
   */
  itemsWithdrawn(userIds: number[]): void;
  presenceExpired(userIds: number[]): void;
  /** Live socket ids of a user on every process. */
  liveSockets(userId: number): Promise<string[]>;
}

function ownUserOnly(payload: { user: { id: number } }, userId: number): void {
  if (payload.user.id !== userId) {
    throw new HttpError(422, 'user.id: must be your own user id', {
      'user.id': 'must be your own user id',
    });
  }
}

export function registerModerationSocket(deps: ModerationSocketDeps): ModerationSocket {
  const { db, leases, gate, log } = deps;
  const namespace = typedNamespace(deps.io, NAMESPACES.onlineUsers);
  /** Claims of one user run one after another in this process (their holder socket is here). */
  const claimChains = new Map<number, Promise<void>>();
  /**
   * The claim of a user that waits for its turn in the chain. A request-content arriving
   * meanwhile from the same socket is folded into it (the larger count): the client repeats
   * its request every few seconds while it has not been answered, and on a busy server each
   * repeat would otherwise queue one more claim that finds nothing to add.
   */
  const waitingClaims = new Map<
    number,
    { socketId: string; wanted: number; channel: Channel | null }
  >();

  const liveSockets = async (userId: number): Promise<string[]> => {
    const sockets = await namespace.in(userRoom(userId)).fetchSockets();
    return sockets.map((socket) => socket.id);
  };

  const isLive = async (userId: number, socketId: string): Promise<boolean> =>
    namespace.sockets.has(socketId) || (await liveSockets(userId)).includes(socketId);

  /** The holder as the user's sockets should see it: a holder that is gone counts as none. */
  const visibleHolder = async (userId: number): Promise<string | null> => {
    const holder = await moderatingSocketOf(db.deferred, userId);
    if (!holder) return null;
    return (await isLive(userId, holder)) ? holder : null;
  };

  /** The user's leased items, to the socket that moderates (only it shows them). */
  const resendHeld = async (userId: number) => {
    const holder = await moderatingSocketOf(db, userId);
    if (!holder) return;
    const held = await leasedContentIds(db, userId);
    if (held.length > 0) {
      namespace.to(holder).emit(
        'set-content',
        held.map((id) => ({ id })),
      );
    }
  };

  const announce = (userId: number, holder: string | null) => {
    namespace.to(userRoom(userId)).emit('moderation-status', { moderatingSocket: holder });
    namespace
      .to(userRoom(userId))
      .emit(`user-logged-status.${userId}`, { online: true, moderating: holder !== null });
  };

  const park = async (
    userId: number,
    alongWith?: AlongWith,
    why: LeaseEnd = 'parked',
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      await clearModeration(tx, userId);
      const returned = await releaseUserContents(tx, userId, why);
      await setParkTime(tx, userId, true);
      await alongWith?.(tx, returned);
    });
    gate.reset();
    announce(userId, null);
  };

  /** reset-content clears the screen: the items the user still holds come straight back. */
  const resetScreens = (userIds: number[]) => {
    for (const userId of userIds) {
      namespace.to(userRoom(userId)).emit('reset-content');
      resendHeld(userId).catch((error: unknown) =>
        log.error({ err: error, userId }, 'resending held items after a reset failed'),
      );
    }
  };

  const moderation: ModerationSocket = {
    namespace,
    park: (userId, alongWith) => park(userId, alongWith),
    async kick(userId, alongWith) {
      await park(
        userId,
        async (tx, returned) => {
          await deleteUserSessions(tx, userId);
          await alongWith?.(tx, returned);
        },
        'kicked',
      );
      namespace.to(userRoom(userId)).emit('kick-me');
      // Sessions are gone; sockets opened with them must not outlive them.
      for (const name of Object.values(NAMESPACES)) {
        deps.io.of(name).in(userRoom(userId)).disconnectSockets();
      }
    },
    leasesExpired(userIds) {
      // The items went back to the queue: claims run again.
      gate.reset();
      resetScreens(userIds);
    },
    itemsWithdrawn: resetScreens,
    presenceExpired(userIds) {
      for (const userId of userIds) announce(userId, null);
    },
    liveSockets,
  };

  namespace.on('connection', (socket) => {
    const user = (socket.data as SocketData).user;

    visibleHolder(user.id).then(
      (holder) => {
        socket.emit('moderation-status', { moderatingSocket: holder });
        socket.emit(`user-logged-status.${user.id}`, { online: true, moderating: holder !== null });
      },
      (error: unknown) => log.error({ err: error }, 'moderation status lookup failed'),
    );

    onEvent(socket, clientEvents.moderateMe, log, async ({ payload }) => {
      ownUserOnly(payload, user.id);
      const holder = await takeModeration(db, {
        userId: user.id,
        socketId: socket.id,
        nodeId: deps.nodeId,
        liveSocketIds: await liveSockets(user.id),
      });
      if (holder !== socket.id) {
        socket.emit('moderation-status', { moderatingSocket: holder ?? null });
        return;
      }
      // Items still leased from before a drop come back to the screen that now moderates. Read
      // before this socket may claim (leases.hold): read after, they would include its first
      // claim, and the screen would be sent those items twice.
      const held = await leasedContentIds(db, user.id);
      leases.hold(socket.id, user.id);
      await setParkTime(db, user.id, false);
      announce(user.id, socket.id);
      if (held.length > 0)
        socket.emit(
          'set-content',
          held.map((id) => ({ id })),
        );
    });

    // The user of the event, not of the connection: max_content may change while it lives.
    onEvent(socket, clientEvents.requestContent, log, async ({ payload, user }) => {
      ownUserOnly(payload, user.id);
      refuseChannelWithoutPermission(payload.channel, user.permissions);
      if (!leases.holds(socket.id)) return;
      const wanted = Math.min(payload.count, user.max_content);
      if (wanted <= 0) return;
      const waiting = waitingClaims.get(user.id);
      const channel = payload.channel ?? null;
      if (waiting?.socketId === socket.id && waiting.channel === channel) {
        waiting.wanted = Math.max(waiting.wanted, wanted);
        return;
      }
      const entry = { socketId: socket.id, wanted, channel };
      waitingClaims.set(user.id, entry);
      const previous = claimChains.get(user.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (waitingClaims.get(user.id) === entry) waitingClaims.delete(user.id);
        // Nothing claimable: the console asks again in 3 s; no statement for an empty answer.
        const channelGate = gate.for(entry.channel);
        const ticket = await channelGate.admits(entry.wanted);
        if (ticket === undefined) return;
        // Deferred: on a saturated embedded database, operators wait for new items rather
        // than for their submits (which finish work and free leases) to be stored.
        const claim = await claimContents(db.deferred, {
          userId: user.id,
          socketId: socket.id,
          wanted: entry.wanted,
          maxContent: user.max_content,
          leaseSeconds: leases.graceSeconds,
          aiWaitSeconds: deps.aiWaitSeconds,
          channel: entry.channel,
        }).catch((error: unknown) => {
          channelGate.release(ticket);
          throw error;
        });
        deps.metrics?.itemsClaimed(claim.claimed);
        const heldBefore = claim.ids.length - claim.claimed;
        await channelGate.settled(
          ticket,
          user.id,
          Math.min(entry.wanted, user.max_content - heldBefore),
          claim.claimed,
        );
        if (claim.claimed > 0) {
          socket.emit(
            'set-content',
            claim.ids.map((id) => ({ id })),
          );
        }
      });
      const settled = next.catch(() => undefined);
      claimChains.set(user.id, settled);
      void settled.then(() => {
        if (claimChains.get(user.id) === settled) claimChains.delete(user.id);
      });
      await next;
    });

    onEvent(socket, clientEvents.unmapContent, log, async ({ payload }) => {
      if (await releaseContent(db, user.id, payload.content.id, `unmapped:${payload.reason}`)) {
        gate.reset();
      }
    });

    onEvent(socket, clientEvents.parkMe, log, async () => {
      const holder = await moderatingSocketOf(db, user.id);
      if (holder && holder !== socket.id && (await isLive(user.id, holder))) {
        // Another tab moderates: parking is that tab's decision, this one is only told.
        socket.emit('moderation-status', { moderatingSocket: holder });
        return;
      }
      leases.drop(socket.id);
      await park(user.id);
    });

    socket.on('disconnect', () => {
      // Moderation and items are kept for the grace period; the lease keeper stops renewing.
      leases.drop(socket.id);
    });
  });

  return moderation;
}
