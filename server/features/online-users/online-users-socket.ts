import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { z } from 'zod';
import { AssignedContentSchema } from '../../../src/contract/content';
import { NAMESPACES } from '../../../src/contract/socket-events';
import type { Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/database';
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
} from '../moderation/content-repository';
import type { LeaseKeeper } from '../moderation/lease-keeper';
import {
  clearModeration,
  moderatingSocketOf,
  setParkTime,
  takeModeration,
} from '../moderation/presence-repository';

/**
 * The /online-users protocol of SPEC §4 and §7. Rules:
 * - One socket per user holds moderation (moderation_presence). moderate-me takes it unless
 *   another live socket of the user holds it; the refused socket is told who does
 *   (moderation-status with the other socket's id). Liveness is asked of every process through
 *   the adapter (fetchSockets), so this holds across processes with Redis.
 * - Only the holder may request content; a claim never exceeds the user's max_content.
 * - park-me (from the holder, or when no live socket holds moderation) ends moderation and
 *   returns the user's items to the queue at once; unmap-content returns one item.
 * - A dropped holder keeps moderation and its items for the lease grace period (LeaseKeeper).
 * - Every event checks section_moderation and that the payload names the socket's own user.
 */
type OnlineUsersNamespace = TypedNamespace<'/online-users'>;

const UserRefSchema = z.object({ user: z.object({ id: z.number().int() }) });
const RequestContentSchema = UserRefSchema.extend({ count: z.number().int().min(0).max(100) });
const UnmapContentSchema = z.object({
  content: AssignedContentSchema,
  reason: z.string().max(200).default(''),
});

export interface OnlineUsersDeps {
  io: Server;
  db: Database;
  leases: LeaseKeeper;
  nodeId: string;
  aiWaitSeconds: number;
  log: FastifyBaseLogger;
}

export interface OnlineUsers {
  namespace: OnlineUsersNamespace;
  /** Server-side park (admin action or server decision): items back, holder cleared, told. */
  park(userId: number): Promise<void>;
  /** Ends the user's sessions, parks them and tells every socket of theirs to sign out. */
  kick(userId: number): Promise<void>;
  /** Users whose items the sweeper took back. */
  leasesExpired(userIds: number[]): void;
  presenceExpired(userIds: number[]): void;
  /** Live socket ids of a user on every process. */
  liveSockets(userId: number): Promise<string[]>;
}

export function registerOnlineUsers(deps: OnlineUsersDeps): OnlineUsers {
  const { db, leases, log } = deps;
  const namespace = typedNamespace(deps.io, NAMESPACES.onlineUsers);
  /** Claims of one user run one after another in this process (their holder socket is here). */
  const claimChains = new Map<number, Promise<void>>();
  /**
   * The claim of a user that waits for its turn in the chain. A request-content arriving
   * meanwhile from the same socket is folded into it (the larger count): the client repeats
   * its request every few seconds while it has not been answered, and on a busy server each
   * repeat would otherwise queue one more claim that finds nothing to add.
   */
  const waitingClaims = new Map<number, { socketId: string; wanted: number }>();

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

  const park = async (userId: number): Promise<void> => {
    await db.transaction(async (tx) => {
      await clearModeration(tx, userId);
      await releaseUserContents(tx, userId);
      await setParkTime(tx, userId, true);
    });
    announce(userId, null);
  };

  const onlineUsers: OnlineUsers = {
    namespace,
    park,
    async kick(userId) {
      await deleteUserSessions(db, userId);
      await park(userId);
      namespace.to(userRoom(userId)).emit('kick-me');
      // Sessions are gone; sockets opened with them must not outlive them.
      for (const name of Object.values(NAMESPACES)) {
        deps.io.of(name).in(userRoom(userId)).disconnectSockets();
      }
    },
    leasesExpired(userIds) {
      for (const userId of userIds) {
        namespace.to(userRoom(userId)).emit('reset-content');
        // reset-content clears the screen: the items the user still holds come straight back.
        resendHeld(userId).catch((error: unknown) =>
          log.error({ err: error, userId }, 'resending held items after a reset failed'),
        );
      }
    },
    presenceExpired(userIds) {
      for (const userId of userIds) announce(userId, null);
    },
    liveSockets,
  };

  namespace.on('connection', (socket) => {
    const user = (socket.data as SocketData).user;
    // Permissions and max_content are read at each event, not kept from the handshake: an
    // administrator's change replaces the socket's user (SocketServer.refreshUsers).
    const fresh = () => (socket.data as SocketData).user;
    const allowed = (permission: Permission) => fresh().permissions.includes(permission);

    /** Runs a handler with its errors logged: a bad event never takes the process down. */
    const handle = <T>(name: string, work: (payload: T) => Promise<void>) => {
      return (payload: T) => {
        work(payload).catch((error: unknown) =>
          log.error({ err: error, event: name, userId: user.id }, 'online-users event failed'),
        );
      };
    };
    const ownUser = (payload: unknown, schema: z.ZodType<{ user: { id: number } }>) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success || parsed.data.user.id !== user.id) {
        log.warn({ userId: user.id, payload }, 'online-users event for another user ignored');
        return false;
      }
      return true;
    };

    visibleHolder(user.id).then(
      (holder) => {
        socket.emit('moderation-status', { moderatingSocket: holder });
        socket.emit(`user-logged-status.${user.id}`, { online: true, moderating: holder !== null });
      },
      (error: unknown) => log.error({ err: error }, 'moderation status lookup failed'),
    );

    socket.on(
      'moderate-me',
      handle('moderate-me', async (payload) => {
        if (!allowed('section_moderation') || !ownUser(payload, UserRefSchema)) return;
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
        leases.hold(socket.id, user.id);
        await setParkTime(db, user.id, false);
        announce(user.id, socket.id);
        // Items still leased from before a drop come back to the screen that now moderates.
        const held = await leasedContentIds(db, user.id);
        if (held.length > 0)
          socket.emit(
            'set-content',
            held.map((id) => ({ id })),
          );
      }),
    );

    socket.on(
      'request-content',
      handle('request-content', async (payload) => {
        if (!allowed('section_moderation') || !ownUser(payload, RequestContentSchema)) return;
        if (!leases.holds(socket.id)) return;
        const { count } = RequestContentSchema.parse(payload);
        const wanted = Math.min(count, fresh().max_content);
        if (wanted <= 0) return;
        const waiting = waitingClaims.get(user.id);
        if (waiting?.socketId === socket.id) {
          waiting.wanted = Math.max(waiting.wanted, wanted);
          return;
        }
        const entry = { socketId: socket.id, wanted };
        waitingClaims.set(user.id, entry);
        const previous = claimChains.get(user.id) ?? Promise.resolve();
        const next = previous.then(async () => {
          if (waitingClaims.get(user.id) === entry) waitingClaims.delete(user.id);
          // Deferred: on a saturated embedded database, operators wait for new items rather
          // than for their submits (which finish work and free leases) to be stored.
          const claim = await claimContents(db.deferred, {
            userId: user.id,
            socketId: socket.id,
            wanted: entry.wanted,
            maxContent: fresh().max_content,
            leaseSeconds: leases.graceSeconds,
            aiWaitSeconds: deps.aiWaitSeconds,
          });
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
      }),
    );

    socket.on(
      'unmap-content',
      handle('unmap-content', async (payload) => {
        if (!allowed('section_moderation')) return;
        const parsed = UnmapContentSchema.safeParse(payload);
        if (!parsed.success) return;
        await releaseContent(db, user.id, parsed.data.content.id);
      }),
    );

    socket.on('park-me', () =>
      handle('park-me', async () => {
        const holder = await moderatingSocketOf(db, user.id);
        if (holder && holder !== socket.id && (await isLive(user.id, holder))) {
          // Another tab moderates: parking is that tab's decision, this one is only told.
          socket.emit('moderation-status', { moderatingSocket: holder });
          return;
        }
        leases.drop(socket.id);
        await park(user.id);
      })(undefined),
    );

    socket.on('disconnect', () => {
      // Moderation and items are kept for the grace period; the lease keeper stops renewing.
      leases.drop(socket.id);
    });
  });

  return onlineUsers;
}
