import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { slices } from '../../db/slices';
import { releaseExpiredLeases, renewLeases } from './content-repository';
import { heartbeat, sweepStalePresence } from './presence-repository';

/**
 * Holders whose heartbeat or leases one statement renews. With 10,000 moderating sockets on the
 * embedded database, one heartbeat statement for all of them held the event loop for 140 ms on
 * average and up to 325 ms, every tick; in slices of 500 the longest took 36 ms.
 */
const HOLDERS_PER_STATEMENT = 500;

/**
 * Keeps leases alive while their operator's moderating socket is connected, and takes them back
 * when it is not. Rules:
 * - A lease lasts `graceSeconds`, the lease_grace_seconds setting in force at each tick and
 *   claim (a change applies to the next lease without a restart). Every tick each process renews the leases of the users whose
 *   moderating socket is connected to it, and refreshes those sockets' presence heartbeat.
 * - A dropped socket is simply no longer renewed: its items stay with the operator for the grace
 *   period (a reconnect within it gets them back), then the sweeper, on any process, returns
 *   them to the queue and tells the user (reset-content); stale presence rows go the same way.
 * - The only process memory is which sockets connected here hold moderation; the truth is in
 *   the database, so a crashed process's leases simply lapse.
 */
export interface LeaseKeeperEvents {
  /** Items of these users went back to the queue. */
  leasesExpired(userIds: number[]): void;
  /** These users' moderating socket has been gone longer than the grace period. */
  presenceExpired(userIds: number[]): void;
}

export class LeaseKeeper {
  /** socket id -> user id, for moderating sockets connected to this process. */
  private readonly localHolders = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly grace: number | (() => number),
    private readonly events: LeaseKeeperEvents,
    private readonly log: FastifyBaseLogger,
  ) {}

  get graceSeconds(): number {
    return typeof this.grace === 'number' ? this.grace : this.grace();
  }

  /** Ticks four times per grace period, at most every 5 s, so a lease is renewed in time. */
  get tickMs(): number {
    return Math.max(100, Math.min(5_000, (this.graceSeconds * 1000) / 4));
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One tick at a time, each timed by the grace in force then. */
  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.tick().finally(() => {
        if (!this.stopped) this.schedule();
      });
    }, this.tickMs);
    this.timer.unref();
  }

  hold(socketId: string, userId: number): void {
    this.localHolders.set(socketId, userId);
  }

  drop(socketId: string): void {
    this.localHolders.delete(socketId);
  }

  holds(socketId: string): boolean {
    return this.localHolders.has(socketId);
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const sockets = [...this.localHolders.keys()];
      const still = new Set<string>();
      for (const slice of slices(sockets, HOLDERS_PER_STATEMENT)) {
        for (const socketId of await heartbeat(this.db, slice)) still.add(socketId);
      }
      // Parked or taken over elsewhere: no longer this process's to renew.
      for (const socketId of sockets) if (!still.has(socketId)) this.localHolders.delete(socketId);
      const users = [...new Set(this.localHolders.values())];
      for (const slice of slices(users, HOLDERS_PER_STATEMENT)) {
        await renewLeases(this.db, slice, this.graceSeconds);
      }
      const released = await releaseExpiredLeases(this.db);
      if (released.length > 0) this.events.leasesExpired(released);
      const gone = await sweepStalePresence(this.db, this.graceSeconds);
      if (gone.length > 0) this.events.presenceExpired(gone);
    } catch (error) {
      this.log.error({ err: error }, 'lease keeper tick failed');
    } finally {
      this.running = false;
    }
  }
}
