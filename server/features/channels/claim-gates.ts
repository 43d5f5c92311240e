import type { Channel } from '../../../src/contract/channels';
import { ClaimGate, type ClaimGateOptions, type ClaimGateSource } from '../moderation/claim-gate';

/**
 * One claim gate per claim scope: /moderation's claims (every channel) and each channel view's
 * (claim-gate.ts has the rules). A short claim on /voice says nothing of chat items, and an
 * empty queue seen by /moderation's count is no estimate of one channel's, so each scope keeps
 * its own estimate and counts only its own items. Anything that can make items claimable resets
 * every gate.
 */
export class ClaimGates {
  private readonly gates = new Map<Channel | null, ClaimGate>();

  constructor(
    private readonly sourceFor: (channel: Channel | null) => ClaimGateSource,
    private readonly options: ClaimGateOptions = {},
  ) {}

  for(channel: Channel | null | undefined): ClaimGate {
    const key = channel ?? null;
    let gate = this.gates.get(key);
    if (!gate) {
      gate = new ClaimGate(this.sourceFor(key), this.options);
      this.gates.set(key, gate);
    }
    return gate;
  }

  reset(): void {
    for (const gate of this.gates.values()) gate.reset();
  }
}
