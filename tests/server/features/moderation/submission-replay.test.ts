import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedResult } from '../../../../src/contract/content';
import type { Database } from '../../../../server/db/database';
import {
  storeSubmissions,
  type SubmissionInput,
} from '../../../../server/features/moderation/content-repository';
import {
  createCallbackService,
  insertTestContent,
  userId,
} from '../../../support/delivery-fixtures';
import { openTestDatabase } from '../../../support/test-database';

/**
 * The outbox removes an entry the server acknowledged (stored, duplicate) and shows a refused one
 * to the operator (needs attention). When the answer to a submission is lost (a cut connection,
 * a server killed after its commit) the outbox sends the same key again: that replay must answer
 * what the first attempt got, or a refused result would leave the outbox as if it were stored.
 * The chaos bench (npm run bench:chaos) found exactly that on PostgreSQL.
 */
describe('a replayed submission answers what its first attempt got', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let alice: number;
  let bob: number;
  let serviceId: number;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase('demo'));
    alice = await userId(db, 'operator');
    bob = await userId(db, 'batch');
    serviceId = (await createCallbackService(db)).id;
  });
  afterAll(() => dispose());

  const submission = (user: number, contentId: number, key: string): SubmissionInput => {
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
  const store = (user: number, submissions: SubmissionInput[]) =>
    db.transaction((tx) => storeSubmissions(tx, user, submissions));
  const statuses = async (user: number, submissions: SubmissionInput[]) =>
    (await store(user, submissions)).map((answer) => answer.status);
  const leaseTo = (contentId: number, user: number) =>
    db.query(
      `update contents set status = 'assigned', assigned_to = $2, assigned_at = now(),
              lease_expires_at = now() + interval '1 minute'
        where id = $1`,
      [contentId, user],
    );
  const rowsOf = (key: string) =>
    db.query<{ outcome: string }>(
      'select outcome from moderation_results where idempotency_key = $1',
      [key],
    );

  it('repeats a refusal (lease moved, already decided) instead of acknowledging it', async () => {
    const moved = await insertTestContent(db, serviceId);
    const decided = await insertTestContent(db, serviceId);
    await leaseTo(moved, bob);
    await leaseTo(decided, bob);
    expect(await statuses(bob, [submission(bob, decided, 'bob-decides-0001')])).toEqual(['stored']);

    const late = [
      submission(alice, moved, 'alice-late-00001'),
      submission(alice, decided, 'alice-late-00002'),
    ];
    expect(await statuses(alice, late)).toEqual(['lease_moved', 'already_decided']);
    // The first answer was lost: the outbox sends the same entries again, maybe twice.
    expect(await statuses(alice, late)).toEqual(['lease_moved', 'already_decided']);
    expect(await statuses(alice, [late[1] as SubmissionInput])).toEqual(['already_decided']);

    expect(await rowsOf('alice-late-00001')).toEqual([{ outcome: 'lease_moved' }]);
    expect(await rowsOf('alice-late-00002')).toEqual([{ outcome: 'already_decided' }]);
    const [item] = await db.query<{ status: string; assigned_to: number }>(
      'select status, assigned_to from contents where id = $1',
      [moved],
    );
    expect(item).toEqual({ status: 'assigned', assigned_to: bob });
  });

  it('still acknowledges a replay of a stored result, and stores it once', async () => {
    const id = await insertTestContent(db, serviceId);
    await leaseTo(id, alice);
    const entry = submission(alice, id, 'alice-stores-001');
    expect(await statuses(alice, [entry])).toEqual(['stored']);
    expect(await statuses(alice, [entry])).toEqual(['duplicate']);
    expect(await rowsOf('alice-stores-001')).toEqual([{ outcome: 'stored' }]);
  });

  it("tells no one else a key's refusal: only the same user's replay for the same item", async () => {
    const moved = await insertTestContent(db, serviceId);
    const other = await insertTestContent(db, serviceId);
    await leaseTo(moved, bob);
    await leaseTo(other, alice);
    expect(await statuses(alice, [submission(alice, moved, 'alice-reused-001')])).toEqual([
      'lease_moved',
    ]);
    expect(await statuses(bob, [submission(bob, moved, 'alice-reused-001')])).not.toEqual([
      'lease_moved',
    ]);
    expect(await statuses(alice, [submission(alice, other, 'alice-reused-001')])).not.toEqual([
      'lease_moved',
    ]);
    expect(await rowsOf('alice-reused-001')).toEqual([{ outcome: 'lease_moved' }]);
  });
});
