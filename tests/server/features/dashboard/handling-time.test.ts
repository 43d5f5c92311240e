import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { computeDashboardStat } from '../../../../server/features/dashboard/dashboard-repository';
import { upsertSubscribers } from '../../../../server/features/services/service-repository';
import { createUser } from '../../../../server/features/users/user-repository';
import { createTestService } from '../../../support/moderation-fixtures';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';

/**
 * The dashboard's average handling time (loaded to decided, today in UTC) per service and per
 * operator, against values worked out by hand.
 */
describe('dashboard: average handling time', () => {
  let test: TestDatabase;
  let db: Database;
  let alpha: { id: number; name: string };
  let beta: { id: number; name: string };

  beforeAll(async () => {
    test = await openTestDatabase('demo');
    db = test.db;
    alpha = (await createTestService(db, { name: 'AHT Alpha' })).service;
    beta = (await createTestService(db, { name: 'AHT Beta' })).service;
    const ann = await createUser(db, {
      username: 'aht_ann',
      role: 'operator',
      password_hash: 'x',
      max_content: 6,
    });
    const bob = await createUser(db, {
      username: 'aht_bob',
      role: 'operator',
      password_hash: 'x',
      max_content: 6,
    });
    // Decided now (today, UTC), or daysAgo days before.
    const add = async (
      serviceId: number,
      decidedBy: number | null,
      handledSeconds: number | null,
      daysAgo = 0,
    ) => {
      const subscribers = await upsertSubscribers(db, serviceId, ['aht-sub']);
      await db.query(
        `insert into contents (service_id, subscriber_id, user_id, message_type, content,
                               ai_state, status, decided_by, decided_at, loaded_at)
         select $1, $2, 'member', 'text', 'x', 'done', 'decided', $3, at,
                at - $4 * interval '1 second'
           from (select now() - $5 * interval '1 day' as at) t`,
        [serviceId, subscribers.get('aht-sub'), decidedBy, handledSeconds, daysAgo],
      );
    };
    // Alpha: Ann 10 s and 20 s, Bob 60 s -> (10 + 20 + 60) / 3 = 30 s.
    await add(alpha.id, ann, 10);
    await add(alpha.id, ann, 20);
    await add(alpha.id, bob, 60);
    // Beta: Bob 5 s, and an item the AI decided alone (never loaded): handled, no time -> 5 s.
    await add(beta.id, bob, 5);
    await add(beta.id, null, null);
    // Yesterday's decisions do not count.
    await add(alpha.id, ann, 1000, 1);
  });
  afterAll(() => test.dispose());

  it('averages loaded-to-decided per service and per operator, today only', async () => {
    const stat = await computeDashboardStat(db);
    const service = (id: number) => stat.serviceStats.find((row) => row._id === id);
    expect(service(alpha.id)).toMatchObject({ handled: 3, avg_handling_seconds: 30 });
    expect(service(beta.id)).toMatchObject({ handled: 2, avg_handling_seconds: 5 });
    // Ann: (10 + 20) / 2 = 15 s; Bob: (60 + 5) / 2 = 32.5 s.
    expect(stat.operatorStats.filter((row) => row.username.startsWith('aht_'))).toEqual([
      { user_id: expect.any(Number), username: 'aht_ann', handled: 2, avg_handling_seconds: 15 },
      { user_id: expect.any(Number), username: 'aht_bob', handled: 2, avg_handling_seconds: 32.5 },
    ]);
    // A service with nothing decided today has no handling time.
    const idle = stat.serviceStats.find((row) => row.handled === 0);
    if (idle) expect(idle.avg_handling_seconds).toBeNull();
  });
});
