/**
 * Tells this process's queue readers that items just became claimable here (an ingest, a send
 * from the content sender), so the claim gate (claim-gate.ts) stops skipping claims at once
 * instead of after its recount interval. Items queued by another process are found by the
 * gate's recount; nothing depends on this signal for correctness, only for promptness.
 */
export class QueueSignal {
  private readonly listeners = new Set<() => void>();

  onItemsQueued(listener: () => void): void {
    this.listeners.add(listener);
  }

  itemsQueued(): void {
    for (const listener of this.listeners) listener();
  }
}
