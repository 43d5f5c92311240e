import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { claimContents } from '../../../../server/features/moderation/content-repository';
import { upsertSubscribers } from '../../../../server/features/services/service-repository';
import { createUser } from '../../../../server/features/users/user-repository';
import { createTestService } from '../../../support/moderation-fixtures';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';

/**
 * The queue is served oldest-breach-first within a priority: of two items of the same
 * priority, the one that breaches its service's SLA (arrival + sla_minutes) first is served
 * first, even when it arrived later.
 */
describe('claimContents: SLA order', () => {
  let test: TestDatabase;
  let db: Database;
  let operator: number;
  const item: Record<string, number> = {};

  beforeAll(async () => {
    test = await openTestDatabase('demo');
    db = test.db;
    const slow = (await createTestService(db, { name: 'Slow SLA' })).service;
    const fast = (await createTestService(db, { name: 'Fast SLA' })).service;
    const urgent = (await createTestService(db, { name: 'Urgent' })).service;
    await db.query(`update services set sla_minutes = 15, priority = 0 where id = $1`, [slow.id]);
    await db.query(`update services set sla_minutes = 5, priority = 0 where id = $1`, [fast.id]);
    await db.query(`update services set sla_minutes = 60, priority = 100 where id = $1`, [
      urgent.id,
    ]);
    operator = await createUser(db, {
      username: 'sla_operator',
      role: 'operator',
      password_hash: 'x',
      max_content: 6,
    });
    await db.query(
      `insert into moderation_presence (user_id, socket_id, node_id) values ($1, 'holder', 'test')`,
      [operator],
    );
    const add = async (name: string, serviceId: number, minutesAgo: number) => {
      const subscribers = await upsertSubscribers(db, serviceId, [`sub-${name}`]);
      const rows = await db.query<{ id: number }>(
        `insert into contents (service_id, subscriber_id, user_id, message_type, content, ai_state,
                               bound_time)
         values ($1, $2, 'member', 'text', $3, 'done', now() - $4 * interval '1 minute')
         returning id`,
        [serviceId, subscribers.get(`sub-${name}`), name, minutesAgo],
      );
      item[name] = rows[0]!.id;
    };
    // Slow SLA: arrived 8 minutes ago, breaches in 7. Fast SLA: arrived 1 minute ago, breaches
    // in 4. Oldest-first would serve the slow one; breach-first serves the fast one.
    await add('slowOld', slow.id, 8);
    await add('fastNew', fast.id, 1);
    // Fast SLA, arrived 12 minutes ago: breached 7 minutes ago, before both.
    await add('fastBreached', fast.id, 12);
    // A higher priority still comes first, however late it breaches.
    await add('urgent', urgent.id, 0);
  });
  afterAll(() => test.dispose());

  const claimOne = async () => {
    const before = new Set(
      (
        await db.query<{ id: number }>(
          `select id from contents where status = 'assigned' and assigned_to = $1`,
          [operator],
        )
      ).map((row) => row.id),
    );
    const result = await claimContents(db, {
      userId: operator,
      socketId: 'holder',
      wanted: 1,
      maxContent: 6,
      leaseSeconds: 60,
      aiWaitSeconds: 30,
    });
    expect(result.claimed).toBe(1);
    return result.ids.find((id) => !before.has(id));
  };

  it('serves priority first, then the item that breaches its SLA first', async () => {
    expect(await claimOne()).toBe(item.urgent);
    expect(await claimOne()).toBe(item.fastBreached);
    expect(await claimOne()).toBe(item.fastNew);
    expect(await claimOne()).toBe(item.slowOld);
  });
});
