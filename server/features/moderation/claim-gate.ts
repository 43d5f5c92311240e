/**
 * Spares the database the claims that can only come back empty. Every moderating console asks
 * for items every 3 s while it holds fewer than its max content (SPEC §7), so ten thousand
 * operators make over three thousand claims a second; when the queue is dry nearly all of them
 * find nothing, and on the embedded database each one is a statement on the thread that also
 * serves the sockets. Rules:
 * - The gate keeps an estimate of the items claimable right now (pending, and past their AI
 *   wait), for this process, read by a count (`countClaimable`). A count of PLENTY or more is
 *   no limit.
 * - The estimate is unknown at start and after a reset (items became claimable: an ingest, a
 *   lease that lapsed, a park). A claim asked for while it is unknown waits for one count,
 *   shared by every claim asked for meanwhile.
 * - A claim runs only while the estimate is above what the claims running now may take: each
 *   reserves what it asks for until it is settled, and the items it took come off the estimate.
 *   Why: claims wait their turn in the database, and before this, every request that arrived
 *   between a reset and the first claim to come back short ran a claim of its own. At 10,000
 *   polling operators with 20 items ingested a second that was about 1,400 claims a second,
 *   nearly all empty, and 40 % of the server's thread.
 * - A claim that came back with fewer items than it could take, for an operator in no routing
 *   pool (who may take from every service), saw the whole queue dry: the estimate drops to zero.
 *   A pooled operator's short claim says nothing of other pools' services.
 * - A claim that started before the last reset (items came back meanwhile) proves nothing
 *   about the queue after it: its short answer leaves the estimate alone. Likewise a count that
 *   started before a reset is taken as the least there is and counts as old already: a claim
 *   that finds nothing left to reserve after it counts once more.
 * - With nothing left to reserve, a claim is skipped, unless the estimate is older than
 *   `recountMs`: then one count (shared by every claim waiting for it) reads the queue again.
 *   Items that arrive through another process or pass their AI wait are therefore seen within
 *   `recountMs`, well inside the consoles' 3 s between requests.
 * - A count that fails leaves the estimate unlimited: the claims run and answer for themselves.
 * - Skipping is never wrong, only late: the item stays in the queue for the next request, and
 *   the claim itself still decides who gets what (FOR UPDATE SKIP LOCKED).
 */
export interface ClaimGateSource {
  /** Items claimable now, counted up to `cap`. */
  countClaimable(cap: number): Promise<number>;
  /** Users who belong to at least one routing pool. */
  pooledUsers(): Promise<number[]>;
}

export interface ClaimGateOptions {
  recountMs?: number;
  /** How long the pooled users read from the database are trusted. */
  poolsMs?: number;
  now?: () => number;
}

/** An admitted claim: handed back to `settled` once it ran, or to `release` if it failed. */
export interface ClaimTicket {
  /** The reset the claim started after. */
  readonly generation: number;
  /** What the claim may take, held back from the estimate until it is settled. */
  readonly reserved: number;
}

/**
 * A count that reaches this many items is no limit: far more than the claims running at once
 * can take (one per operator, a few items each), so every claim runs until one comes back short.
 */
export const PLENTY = 1_000;

export class ClaimGate {
  /** undefined: unknown (at start, after a reset), so the next claim counts first. */
  private estimate: number | undefined;
  /** What the admitted claims that have not settled yet may take. */
  private reserved = 0;
  /** Counts resets, so a claim or a count can tell whether one happened while it ran. */
  private generation = 0;
  private countedAt = Number.NEGATIVE_INFINITY;
  private counting: Promise<void> | undefined;
  /** undefined: the pooled users could not be read, so anyone may be pooled. */
  private pooled: Set<number> | undefined = new Set<number>();
  private pooledAt = Number.NEGATIVE_INFINITY;
  private pooledReading: Promise<void> | undefined;
  private readonly recountMs: number;
  private readonly poolsMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: ClaimGateSource,
    options: ClaimGateOptions = {},
  ) {
    this.recountMs = options.recountMs ?? 250;
    this.poolsMs = options.poolsMs ?? 5_000;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Whether a claim for up to `wanted` items may find something: undefined means answer the
   * request without the database; otherwise a ticket for `settled` (or `release`).
   */
  async admits(wanted: number): Promise<ClaimTicket | undefined> {
    const generation = this.generation;
    if (this.mustCount()) await this.recount();
    // A count that a reset overtook says nothing of the items that caused the reset.
    if (this.mustCount()) await this.recount();
    if (this.free() <= 0) return undefined;
    this.reserved += wanted;
    return { generation, reserved: wanted };
  }

  /**
   * What an admitted claim did: `open` is how many items it could have taken (what was asked,
   * within the user's max content), `claimed` how many it took.
   */
  async settled(ticket: ClaimTicket, userId: number, open: number, claimed: number): Promise<void> {
    if (claimed > 0 && this.estimate !== undefined) {
      this.estimate = Math.max(0, this.estimate - claimed);
    }
    try {
      if (claimed >= open || (await this.isPooled(userId))) return;
      if (ticket.generation !== this.generation) return;
      this.estimate = 0;
      this.countedAt = this.now();
    } finally {
      this.release(ticket);
    }
  }

  /** An admitted claim that did not run (it failed): what it held back is free again. */
  release(ticket: ClaimTicket): void {
    this.reserved = Math.max(0, this.reserved - ticket.reserved);
  }

  /** Unknown, or nothing left to reserve and older than recountMs. */
  private mustCount(): boolean {
    if (this.estimate === undefined) return true;
    return this.free() <= 0 && this.now() - this.countedAt >= this.recountMs;
  }

  /** What the estimate leaves to claims not admitted yet. */
  private free(): number {
    return (this.estimate ?? 0) - this.reserved;
  }

  /** Forget the estimate: the next claim counts again (after a change the gate cannot see). */
  reset(): void {
    this.generation += 1;
    this.estimate = undefined;
  }

  private recount(): Promise<void> {
    const started = this.generation;
    this.counting ??= this.source
      .countClaimable(PLENTY)
      .then(
        (count) => {
          this.estimate = count >= PLENTY ? Number.POSITIVE_INFINITY : count;
          // A reset while counting: the count may predate the items that caused it. It stands
          // as the least there is, and the next claim counts again.
          this.countedAt = started === this.generation ? this.now() : Number.NEGATIVE_INFINITY;
        },
        // A failed count must not stop moderation: let the claims run and answer for themselves.
        () => {
          this.estimate = Number.POSITIVE_INFINITY;
          this.countedAt = this.now();
        },
      )
      .finally(() => {
        this.counting = undefined;
      });
    return this.counting;
  }

  private async isPooled(userId: number): Promise<boolean> {
    if (this.now() - this.pooledAt >= this.poolsMs) {
      this.pooledReading ??= this.source
        .pooledUsers()
        .then(
          (ids) => {
            this.pooled = new Set(ids);
          },
          // Unknown: anyone may be pooled, so no short claim empties the estimate.
          () => {
            this.pooled = undefined;
          },
        )
        .finally(() => {
          this.pooledAt = this.now();
          this.pooledReading = undefined;
        });
      await this.pooledReading;
    }
    return this.pooled?.has(userId) ?? true;
  }
}
