/**
 * Spares the database the claims that can only come back empty. Every moderating console asks
 * for items every 3 s while it holds fewer than its max content (SPEC §7), so ten thousand
 * operators make over three thousand claims a second; when the queue is dry nearly all of them
 * find nothing, and on the embedded database each one is a statement on the thread that also
 * serves the sockets. Rules:
 * - The gate keeps an estimate of the items claimable right now (pending, and past their AI
 *   wait), for this process. Unknown at start: every claim runs.
 * - A claim runs while the estimate is above zero; the items it took come off the estimate.
 * - A claim that came back with fewer items than it could take, for an operator in no routing
 *   pool (who may take from every service), saw the whole queue dry: the estimate drops to zero.
 *   A pooled operator's short claim says nothing of other pools' services.
 * - A claim that started before the last reset (items came back meanwhile) proves nothing
 *   about the queue after it: its short answer leaves the estimate alone.
 * - At zero, a claim is skipped, unless the estimate is older than `recountMs`: then one count
 *   (shared by every claim waiting for it) reads the queue again. Items that arrive through
 *   another process, come back from a lapsed lease or pass their AI wait are therefore seen
 *   within `recountMs`, well inside the consoles' 3 s between requests.
 * - Skipping is never wrong, only late: the item stays in the queue for the next request, and
 *   the claim itself still decides who gets what (FOR UPDATE SKIP LOCKED).
 */
export interface ClaimGateSource {
  /** Items claimable now, counted up to some cap (any positive answer means "try"). */
  countClaimable(): Promise<number>;
  /** Users who belong to at least one routing pool. */
  pooledUsers(): Promise<number[]>;
}

export interface ClaimGateOptions {
  recountMs?: number;
  /** How long the pooled users read from the database are trusted. */
  poolsMs?: number;
  now?: () => number;
}

export class ClaimGate {
  private estimate = Number.POSITIVE_INFINITY;
  /** Counts resets, so a claim can tell whether one happened while it ran. */
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
   * Whether a claim may find something: undefined means answer the request without the
   * database; otherwise a ticket to hand back to `settled` with the claim's outcome.
   */
  async admits(): Promise<number | undefined> {
    const ticket = this.generation;
    if (this.estimate <= 0 && this.now() - this.countedAt >= this.recountMs) await this.recount();
    return this.estimate > 0 ? ticket : undefined;
  }

  /**
   * What a claim did: `open` is how many items it could have taken (what was asked, within the
   * user's max content), `claimed` how many it took.
   */
  async settled(ticket: number, userId: number, open: number, claimed: number): Promise<void> {
    if (claimed > 0) this.estimate = Math.max(0, this.estimate - claimed);
    if (claimed >= open || (await this.isPooled(userId))) return;
    if (ticket !== this.generation) return;
    this.estimate = 0;
    this.countedAt = this.now();
  }

  /** Forget the estimate: the next claims run (after a change the gate cannot see coming). */
  reset(): void {
    this.generation += 1;
    this.estimate = Number.POSITIVE_INFINITY;
  }

  private recount(): Promise<void> {
    const started = this.generation;
    this.counting ??= this.source
      .countClaimable()
      .then(
        (count) => {
          // A reset while counting: the count may predate the items that caused it.
          if (started === this.generation) this.estimate = count;
        },
        // A failed count must not stop moderation: let the claims run and answer for themselves.
        () => {
          this.estimate = Number.POSITIVE_INFINITY;
        },
      )
      .finally(() => {
        this.countedAt = this.now();
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
