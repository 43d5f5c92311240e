import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedResult } from '../../../../src/contract/content';
import {
  DatabaseUnavailableError,
  type Database,
  type Queryable,
} from '../../../../server/db/database';
import type { SubmissionInput } from '../../../../server/features/moderation/content-repository';
import { createSubmitGroups } from '../../../../server/features/moderation/submit-groups';
import { foldRollupJournal } from '../../../../server/features/reports/rollup-folder';
import {
  createCallbackService,
  insertTestContent,
  userId,
} from '../../../support/delivery-fixtures';
import { openTestDatabase } from '../../../support/test-database';

/**
 * Submits stored together in one transaction (a group commit) answer and store exactly what
 * each would alone: every item decided once, one delivery and one share of the report rollups
 * per decided item, refusals as refusals, and a submit whose statements fail fails alone.
 */
describe('submit groups', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let alice: number;
  let bob: number;
  let serviceId: number;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase('demo'));
    alice = await userId(db, 'operator');
    bob = await userId(db, 'batch');
    serviceId = (await createCallbackService(db, { callbackUrl: 'http://127.0.0.1:9/hook' })).id;
  });
  afterAll(() => dispose());

  let keys = 0;
  const submission = (user: number, contentId: number): SubmissionInput => {
    keys += 1;
    const key = `group-key-${String(keys).padStart(6, '0')}`;
    const result: ModeratedResult = {
      content_id: contentId,
      moderated_status: { spam: 1 },
      moderated_time: new Date().toISOString(),
      inbound_time: new Date().toISOString(),
      subscriber_id: 'sub-1',
      user_id: user,
      total_contents: 1,
      username: 'someone',
      is_batch_moderator: false,
      idempotency_key: key,
    };
    return { result, key };
  };
  const leasedItems = async (user: number, count: number) => {
    const ids: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const id = await insertTestContent(db, serviceId);
      await db.query(
        `update contents set status = 'assigned', assigned_to = $2, last_assigned_to = $2,
                assigned_at = now(), lease_expires_at = now() + interval '1 minute'
          where id = $1`,
        [id, user],
      );
      ids.push(id);
    }
    return ids;
  };
  /** Decisions in the report rollups, once the rollup journal is folded. */
  const decidedInRollups = async () => {
    await foldRollupJournal(db);
    const [row] = await db.query<{ decided: number }>(
      `select coalesce(sum(decided), 0)::int as decided from report_service_rollups
        where grain = 'hour' and service_id = $1`,
      [serviceId],
    );
    return row?.decided ?? 0;
  };

  it('stores concurrent submits of several operators as if one after another', async () => {
    const aliceItems = await leasedItems(alice, 12);
    const bobItems = await leasedItems(bob, 12);
    const before = await decidedInRollups();
    const groups = createSubmitGroups(db, 1);
    // One item per request, as single-item moderators send them, all at once; Bob also
    // submits one of Alice's items (refused) and one of his own twice (decided once).
    const requests = [
      ...aliceItems.map((id) => groups.store(alice, [submission(alice, id)])),
      ...bobItems.map((id) => groups.store(bob, [submission(bob, id)])),
      groups.store(bob, [submission(bob, aliceItems[0] ?? 0)]),
      groups.store(bob, [submission(bob, bobItems[0] ?? 0)]),
    ];
    const answers = (await Promise.all(requests)).map((stored) => stored.map((s) => s.status));
    expect(answers.slice(0, 24)).toEqual(Array.from({ length: 24 }, () => ['stored']));
    expect(answers.slice(24)).toEqual([['already_decided'], ['duplicate']]);

    const all = [...aliceItems, ...bobItems];
    const [deliveries] = await db.query<{ n: number }>(
      'select count(*)::int as n from deliveries where content_id = any($1::bigint[])',
      [all],
    );
    expect(deliveries?.n).toBe(24);
    expect((await decidedInRollups()) - before).toBe(24);
    const results = await db.query<{ n: number }>(
      `select count(*)::int as n from moderation_results where content_id = any($1::bigint[])`,
      [all],
    );
    expect(results[0]?.n).toBe(26);
  });

  it("answers a key sent twice in one group as a replay, and another user's use of it as reused", async () => {
    const [filler, aliceItem, otherAliceItem] = await leasedItems(alice, 3);
    const [bobItem] = await leasedItems(bob, 1);
    const groups = createSubmitGroups(db, 1);
    const first = submission(alice, aliceItem ?? 0);
    const stolen = { ...submission(bob, bobItem ?? 0), key: first.key };
    // All five wait for the transaction to begin, so they form one group.
    const [, ...answers] = await Promise.all([
      groups.store(alice, [submission(alice, filler ?? 0)]),
      groups.store(alice, [submission(alice, otherAliceItem ?? 0)]),
      groups.store(alice, [first]),
      // The outbox sending the same result again while the first is being stored.
      groups.store(alice, [first]),
      groups.store(bob, [stolen]),
    ]);
    expect(answers.map((stored) => stored.map((s) => s.status))).toEqual([
      ['stored'],
      ['stored'],
      ['duplicate'],
      ['key_reused'],
    ]);
    const rows = await db.query<{ content_id: number; user_id: number; outcome: string }>(
      `select content_id, user_id, outcome from moderation_results
        where content_id = any($1::bigint[]) order by content_id`,
      [[aliceItem, otherAliceItem, bobItem]],
    );
    expect(rows).toEqual([
      { content_id: aliceItem, user_id: alice, outcome: 'stored' },
      { content_id: otherAliceItem, user_id: alice, outcome: 'stored' },
      { content_id: bobItem, user_id: bob, outcome: 'key_reused' },
    ]);
    const [bobRow] = await db.query<{ status: string }>(
      'select status from contents where id = $1',
      [bobItem],
    );
    expect(bobRow?.status).toBe('assigned');
  });

  it('groups every submit that arrived before its transaction began', async () => {
    const items = await leasedItems(alice, 4);
    let transactions = 0;
    let begin = () => {};
    const mayBegin = new Promise<void>((resolve) => {
      begin = resolve;
    });
    // A database busy with other work: the first submit's transaction waits for its turn.
    const busy: Database = {
      ...db,
      transaction: async (work) => {
        transactions += 1;
        await mayBegin;
        return db.transaction(work);
      },
    };
    const committed: number[] = [];
    const groups = createSubmitGroups(busy, 1, { committed: (submits) => committed.push(submits) });
    const first = groups.store(alice, [submission(alice, items[0] ?? 0)]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = items.slice(1).map((id) => groups.store(alice, [submission(alice, id)]));
    begin();
    const answers = await Promise.all([first, ...later]);
    expect(answers.map((stored) => stored.map((s) => s.status))).toEqual(
      Array.from({ length: 4 }, () => ['stored']),
    );
    expect(transactions).toBe(1);
    expect(committed).toEqual([4]);
  });

  it('answers every waiting submit when no transaction can begin', async () => {
    const [one, two] = await leasedItems(alice, 2);
    const down: Database = {
      ...db,
      transaction: () =>
        Promise.reject(new DatabaseUnavailableError(new Error('connection refused'))),
    };
    const groups = createSubmitGroups(down, 1);
    const answers = await Promise.allSettled([
      groups.store(alice, [submission(alice, one ?? 0)]),
      groups.store(alice, [submission(alice, two ?? 0)]),
    ]);
    expect(answers).toEqual([
      { status: 'rejected', reason: expect.any(DatabaseUnavailableError) },
      { status: 'rejected', reason: expect.any(DatabaseUnavailableError) },
    ]);
  });

  it("answers a failing submit with its own error and stores its neighbours'", async () => {
    const [good] = await leasedItems(alice, 1);
    const [bad] = await leasedItems(bob, 1);
    // A database that fails Bob's decisions, as a broken statement would.
    const failBob = (target: Queryable): Queryable => ({
      query: (sql, params) => target.query(sql, params),
      queryPrepared: (name, sql, params) =>
        name === 'decide_submissions' && (params?.[0] as number[]).includes(bob)
          ? Promise.reject(new Error('statement failed'))
          : target.queryPrepared(name, sql, params),
    });
    let transactions = 0;
    const failing: Database = {
      ...db,
      transaction: (work) => {
        transactions += 1;
        return db.transaction((tx) => work(failBob(tx)));
      },
    };
    const groups = createSubmitGroups(failing, 1);
    const first = groups.store(alice, [submission(alice, good ?? 0)]);
    const [aliceAnswer, bobAnswer] = await Promise.allSettled([
      groups.store(alice, [submission(alice, good ?? 0)]),
      groups.store(bob, [submission(bob, bad ?? 0)]),
      first,
    ]);
    expect((await first).map((s) => s.status)).toEqual(['stored']);
    expect(aliceAnswer).toMatchObject({ status: 'fulfilled', value: [{ status: 'duplicate' }] });
    expect(bobAnswer).toMatchObject({ status: 'rejected', reason: new Error('statement failed') });
    const [row] = await db.query<{ status: string }>('select status from contents where id = $1', [
      bad,
    ]);
    expect(row?.status).toBe('assigned');

    // Alone in its transaction, the failing submit is answered without being tried again.
    transactions = 0;
    await expect(groups.store(bob, [submission(bob, bad ?? 0)])).rejects.toThrow(
      'statement failed',
    );
    expect(transactions).toBe(1);
  });

  /** Two submits at once: the first's transaction takes both when it begins. */
  const groupOfTwo = async (groups: ReturnType<typeof createSubmitGroups>, items: number[]) => {
    await Promise.all(items.map((id) => groups.store(alice, [submission(alice, id)])));
  };

  it('holds submits that follow a group of several closely for the next group, which takes them all', async () => {
    const items = await leasedItems(alice, 5);
    const committed: number[] = [];
    const clock = { ms: 0 };
    const groups = createSubmitGroups(db, 1, {
      committed: (submits) => committed.push(submits),
      intervalMs: 150,
      now: () => clock.ms,
    });
    await groupOfTwo(groups, items.slice(0, 2));
    const askedAt = performance.now();
    const later = [groups.store(alice, [submission(alice, items[2] ?? 0)])];
    await new Promise((resolve) => setImmediate(resolve));
    for (const id of items.slice(3)) later.push(groups.store(alice, [submission(alice, id)]));
    const answers = await Promise.all(later);
    expect(answers.flat().map((stored) => stored.status)).toEqual(['stored', 'stored', 'stored']);
    expect(committed).toEqual([2, 3]);
    expect(performance.now() - askedAt).toBeGreaterThanOrEqual(140);
  });

  // An hour's interval in the next two: a submit that waited for it would time the test out.
  it('stores a submit after a quiet spell at once', async () => {
    const items = await leasedItems(alice, 3);
    const clock = { ms: 0 };
    const groups = createSubmitGroups(db, 1, { intervalMs: 3_600_000, now: () => clock.ms });
    await groupOfTwo(groups, items.slice(0, 2));
    clock.ms += 3_600_000;
    const answer = await groups.store(alice, [submission(alice, items[2] ?? 0)]);
    expect(answer.map((stored) => stored.status)).toEqual(['stored']);
  });

  it('stores a submit after a group of one at once', async () => {
    const [first, second] = await leasedItems(alice, 2);
    const committed: number[] = [];
    const groups = createSubmitGroups(db, 1, {
      committed: (submits) => committed.push(submits),
      intervalMs: 3_600_000,
      now: () => 0,
    });
    await groups.store(alice, [submission(alice, first ?? 0)]);
    const answer = await groups.store(alice, [submission(alice, second ?? 0)]);
    expect(answer.map((stored) => stored.status)).toEqual(['stored']);
    expect(committed).toEqual([1, 1]);
  });
});
