import { describe, expect, it } from 'vitest';
import {
  ClaimGate,
  PLENTY,
  type ClaimTicket,
} from '../../../../server/features/moderation/claim-gate';

/** A gate over a queue the test sets, on a clock the test moves. */
function gateOver(queue: { claimable: number; pooled: number[]; failing?: boolean }) {
  let now = 0;
  const counts = { count: 0, pools: 0 };
  let countStarted: () => void = () => {};
  const gate = new ClaimGate(
    {
      countClaimable: async () => {
        counts.count += 1;
        const claimable = queue.claimable;
        countStarted();
        await Promise.resolve();
        if (queue.failing) throw new Error('database unavailable');
        return claimable;
      },
      pooledUsers: async () => {
        counts.pools += 1;
        return queue.pooled;
      },
    },
    { recountMs: 250, poolsMs: 5_000, now: () => now },
  );
  return {
    gate,
    counts,
    advance: (ms: number) => (now += ms),
    /**
     * Items ingested here while the next count runs: it has read the queue before them and not
     * answered yet, and the gate is reset as an ingest resets it.
     */
    ingestDuringNextCount: (claimable: number) => {
      countStarted = () => {
        countStarted = () => {};
        queue.claimable = claimable;
        gate.reset();
      };
    },
  };
}

function admitted(ticket: ClaimTicket | undefined): ClaimTicket {
  expect(ticket).toBeDefined();
  return ticket as ClaimTicket;
}

describe('ClaimGate', () => {
  it('counts the queue before the first claim, once for every claim asked for meanwhile', async () => {
    const { gate, counts } = gateOver({ claimable: 0, pooled: [] });
    const answers = await Promise.all([gate.admits(3), gate.admits(3), gate.admits(3)]);
    expect(answers).toEqual([undefined, undefined, undefined]);
    expect(counts.count).toBe(1);
    // Counted just now: a dry queue is not counted again at once.
    expect(await gate.admits(3)).toBeUndefined();
    expect(counts.count).toBe(1);
  });

  it('admits only the claims the estimate can serve, holding back what each may take', async () => {
    const { gate, counts } = gateOver({ claimable: 5, pooled: [] });
    const first = admitted(await gate.admits(3));
    const second = admitted(await gate.admits(3));
    // 5 items, 6 reserved by the two claims running: a third could only find nothing.
    expect(await gate.admits(3)).toBeUndefined();

    await gate.settled(first, 1, 3, 3);
    expect(await gate.admits(1)).toBeUndefined();
    // Asked for 3, got 2: an operator in no pool saw every service, so nothing is left.
    await gate.settled(second, 2, 3, 2);
    expect(await gate.admits(1)).toBeUndefined();
    expect(counts.count).toBe(1);
  });

  it('sets no limit when the count reaches PLENTY, until a claim comes back short', async () => {
    const { gate } = gateOver({ claimable: PLENTY, pooled: [] });
    const tickets = [];
    for (let n = 0; n < 400; n += 1) tickets.push(admitted(await gate.admits(6)));
    await gate.settled(admitted(tickets[0]), 1, 6, 2);
    expect(await gate.admits(6)).toBeUndefined();
  });

  it('gives back what a claim that failed held back', async () => {
    const { gate } = gateOver({ claimable: 2, pooled: [] });
    const failed = admitted(await gate.admits(2));
    expect(await gate.admits(2)).toBeUndefined();
    gate.release(failed);
    admitted(await gate.admits(2));
  });

  it('counts the queue again once the estimate is older than recountMs, once for all waiters', async () => {
    const queue = { claimable: 0, pooled: [] };
    const { gate, counts, advance } = gateOver(queue);
    expect(await gate.admits(2)).toBeUndefined();
    advance(249);
    expect(await gate.admits(2)).toBeUndefined();
    expect(counts.count).toBe(1);

    // An item arrived through another process meanwhile.
    queue.claimable = 1;
    advance(1);
    const answers = await Promise.all([gate.admits(1), gate.admits(1), gate.admits(1)]);
    // One item: one claim runs, the others would find nothing.
    expect(answers.filter((ticket) => ticket !== undefined)).toHaveLength(1);
    expect(counts.count).toBe(2);

    // The claim took it: the estimate is back to zero without another count.
    await gate.settled(admitted(answers[0]), 2, 1, 1);
    expect(await gate.admits(1)).toBeUndefined();
    expect(counts.count).toBe(2);
  });

  it("does not empty the estimate on a pooled operator's short claim", async () => {
    const { gate, counts } = gateOver({ claimable: 8, pooled: [7] });
    await gate.settled(admitted(await gate.admits(4)), 7, 4, 0);
    expect(counts.pools).toBe(1);
    // An operator in no pool: dry for everyone.
    await gate.settled(admitted(await gate.admits(4)), 8, 4, 0);
    expect(await gate.admits(4)).toBeUndefined();
    // The pooled users are read again only after poolsMs.
    expect(counts.pools).toBe(1);
  });

  it('ignores the short answer of a claim that started before a reset', async () => {
    const { gate } = gateOver({ claimable: 2, pooled: [] });
    const ticket = admitted(await gate.admits(2));
    // Items were ingested here while that claim ran; it could not see them.
    gate.reset();
    await gate.settled(ticket, 1, 2, 0);
    admitted(await gate.admits(2));
  });

  it('counts again after a reset (items came back to the queue here)', async () => {
    const queue = { claimable: 0, pooled: [] };
    const { gate, counts } = gateOver(queue);
    expect(await gate.admits(1)).toBeUndefined();
    queue.claimable = 3;
    gate.reset();
    admitted(await gate.admits(1));
    expect(counts.count).toBe(2);
  });

  it('takes a count that a reset overtook as the least there is, and counts again when it runs out', async () => {
    const queue = { claimable: 1, pooled: [] };
    const { gate, counts, ingestDuringNextCount } = gateOver(queue);
    // Two more items arrive while the count runs: it cannot have seen them.
    ingestDuringNextCount(3);
    const first = admitted(await gate.admits(1));
    expect(counts.count).toBe(1);
    // The count said 1 and a claim holds it: the next claim counts again instead of skipping.
    admitted(await gate.admits(1));
    expect(counts.count).toBe(2);
    await gate.settled(first, 1, 1, 1);
  });

  it('counts once more when a reset overtook the count a claim waited for', async () => {
    const queue = { claimable: 0, pooled: [] };
    const { gate, counts, ingestDuringNextCount } = gateOver(queue);
    // Items arrive while the first count runs: it read the queue before them.
    ingestDuringNextCount(3);
    const [first, second] = await Promise.all([gate.admits(1), gate.admits(1)]);
    admitted(first);
    admitted(second);
    expect(counts.count).toBe(2);
  });

  it('lets claims run when the count fails, rather than stopping moderation', async () => {
    const { gate } = gateOver({ claimable: 0, pooled: [], failing: true });
    admitted(await gate.admits(1));
    admitted(await gate.admits(1));
  });
});
