import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { claimContents } from '../../../../server/features/moderation/content-repository';
import { upsertSubscribers } from '../../../../server/features/services/service-repository';
import { createUser } from '../../../../server/features/users/user-repository';
import { createTestService } from '../../../support/moderation-fixtures';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';

/**
 * The claim statement straight on the database: what it takes and, above all, what it must not.
 */
describe('claimContents', () => {
  let test: TestDatabase;
  let db: Database;
  let operator: number;
  let ids: number[];

  beforeAll(async () => {
    test = await openTestDatabase('demo');
    db = test.db;
    const { service } = await createTestService(db);
    const subscribers = await upsertSubscribers(db, service.id, ['claim-sub']);
    operator = await createUser(db, {
      username: 'claim_operator',
      role: 'operator',
      password_hash: 'x',
      max_content: 6,
    });
    const rows = await db.query<{ id: number }>(
      `insert into contents (service_id, subscriber_id, user_id, message_type, content, ai_state)
       select $1, $2, 'member-' || n, 'text', 'message ' || n, 'done'
         from generate_series(1, 20) as n
       returning id`,
      [service.id, subscribers.get('claim-sub')],
    );
    ids = rows.map((row) => row.id);
  });
  afterAll(() => test.dispose());

  const claim = (socketId: string, wanted: number) =>
    claimContents(db, {
      userId: operator,
      socketId,
      wanted,
      maxContent: 6,
      leaseSeconds: 60,
      aiWaitSeconds: 30,
    });

  const assignedCount = async () =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from contents where status = 'assigned' and assigned_to = $1`,
        [operator],
      )
    )[0]?.n;

  it('takes nothing for a socket that does not hold moderation (parked a moment ago)', async () => {
    // No presence row at all: an admin parked the user while their socket still asked.
    const result = await claim('gone-socket', 3);
    expect(result).toEqual({ ids: [], claimed: 0 });
    expect(await assignedCount()).toBe(0);

    // Another socket holds moderation: this one takes nothing either.
    await db.query(
      `insert into moderation_presence (user_id, socket_id, node_id) values ($1, 'holder', 'test')`,
      [operator],
    );
    expect(await claim('other-socket', 3)).toEqual({ ids: [], claimed: 0 });
    expect(await assignedCount()).toBe(0);
  });

  it('takes the oldest items up to max_content for the holder', async () => {
    const first = await claim('holder', 4);
    expect(first).toEqual({ ids: ids.slice(0, 4), claimed: 4 });
    const second = await claim('holder', 4);
    expect(second).toEqual({ ids: ids.slice(0, 6), claimed: 2 });
    expect(await assignedCount()).toBe(6);
  });
});
