import { describe, expect, it } from 'vitest';
import { ClaimGate } from '../../../../server/features/moderation/claim-gate';

/** A gate over a queue the test sets, on a clock the test moves. */
function gateOver(queue: { claimable: number; pooled: number[]; failing?: boolean }) {
  let now = 0;
  const counts = { count: 0, pools: 0 };
  const gate = new ClaimGate(
    {
      countClaimable: async () => {
        counts.count += 1;
        if (queue.failing) throw new Error('database unavailable');
        return queue.claimable;
      },
      pooledUsers: async () => {
        counts.pools += 1;
        return queue.pooled;
      },
    },
    { recountMs: 250, poolsMs: 5_000, now: () => now },
  );
  return { gate, counts, advance: (ms: number) => (now += ms) };
}

describe('ClaimGate', () => {
  it('lets every claim run until one sees the queue dry, then skips them', async () => {
    const { gate, counts } = gateOver({ claimable: 0, pooled: [] });
    expect(await gate.admits()).toBeDefined();
    await gate.settled(0, 1, 3, 3);
    expect(await gate.admits()).toBeDefined();
    // Asked for 3, got 1: an operator in no pool saw every service, so nothing is left.
    await gate.settled(0, 1, 3, 1);
    expect(await gate.admits()).toBeUndefined();
    expect(await gate.admits()).toBeUndefined();
    expect(counts.count).toBe(0);
  });

  it('counts the queue again once the estimate is older than recountMs, once for all waiters', async () => {
    const queue = { claimable: 0, pooled: [] };
    const { gate, counts, advance } = gateOver(queue);
    await gate.settled(0, 1, 2, 0);
    advance(249);
    expect(await gate.admits()).toBeUndefined();
    expect(counts.count).toBe(0);

    // An item arrived through another process meanwhile.
    queue.claimable = 1;
    advance(1);
    const answers = await Promise.all([gate.admits(), gate.admits(), gate.admits()]);
    expect(answers.every((ticket) => ticket !== undefined)).toBe(true);
    expect(counts.count).toBe(1);

    // The first claim took it: the estimate is back to zero without another count.
    await gate.settled(0, 2, 1, 1);
    expect(await gate.admits()).toBeUndefined();
    expect(counts.count).toBe(1);
  });

  it("does not empty the estimate on a pooled operator's short claim", async () => {
    const { gate, counts } = gateOver({ claimable: 0, pooled: [7] });
    await gate.settled(0, 7, 4, 0);
    expect(await gate.admits()).toBeDefined();
    expect(counts.pools).toBe(1);
    // An operator in no pool: dry for everyone.
    await gate.settled(0, 8, 4, 0);
    expect(await gate.admits()).toBeUndefined();
    // The pooled users are read again only after poolsMs.
    expect(counts.pools).toBe(1);
  });

  it('ignores the short answer of a claim that started before a reset', async () => {
    const { gate } = gateOver({ claimable: 0, pooled: [] });
    const ticket = await gate.admits();
    // Items were ingested here while that claim ran; it could not see them.
    gate.reset();
    await gate.settled(ticket ?? -1, 1, 2, 0);
    expect(await gate.admits()).toBeDefined();
  });

  it('runs the claims again after reset (items came back to the queue here)', async () => {
    const { gate } = gateOver({ claimable: 0, pooled: [] });
    await gate.settled(0, 1, 1, 0);
    expect(await gate.admits()).toBeUndefined();
    gate.reset();
    expect(await gate.admits()).toBeDefined();
  });

  it('lets claims run when the count fails, rather than stopping moderation', async () => {
    const { gate, advance } = gateOver({ claimable: 0, pooled: [], failing: true });
    await gate.settled(0, 1, 1, 0);
    advance(300);
    expect(await gate.admits()).toBeDefined();
  });
});
