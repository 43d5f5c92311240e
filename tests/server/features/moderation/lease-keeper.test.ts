import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { LeaseKeeper } from '../../../../server/features/moderation/lease-keeper';
import { upsertSubscribers } from '../../../../server/features/services/service-repository';
import { silentLog } from '../../../support/delivery-fixtures';
import { createTestService } from '../../../support/moderation-fixtures';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';

/**
 * The lease keeper straight on the database, with more moderating sockets than one of its
 * statements covers: every holder's heartbeat and leases are renewed, whichever statement
 * carries them, and a holder whose presence is gone is dropped.
 */
describe('LeaseKeeper', () => {
  const HOLDERS = 1_234;
  let test: TestDatabase;
  let db: Database;
  let users: number[];

  beforeAll(async () => {
    test = await openTestDatabase('demo');
    db = test.db;
    users = (
      await db.query<{ id: number }>(
        `insert into users (username, role_id, password_hash, max_content)
         select 'keeper_' || n, (select id from roles where name = 'operator'), 'x', 6
           from generate_series(1, $1::int) as n
         returning id`,
        [HOLDERS],
      )
    ).map((row) => row.id);
    await db.query(
      `insert into moderation_presence (user_id, socket_id, node_id, heartbeat_at)
       select id, 'socket-' || id, 'node-a', now() - interval '50 seconds'
         from unnest($1::int[]) as id`,
      [users],
    );
    const { service } = await createTestService(db);
    const subscribers = await upsertSubscribers(db, service.id, ['keeper-sub']);
    // One item leased to each holder, its lease about to lapse.
    await db.query(
      `insert into contents (service_id, subscriber_id, user_id, message_type, content, ai_state,
                             status, assigned_to, last_assigned_to, assigned_at, lease_expires_at)
       select $1, $2, 'member-' || holder, 'text', 'message', 'done',
              'assigned', holder, holder, now(), now() + interval '2 seconds'
         from unnest($3::int[]) as holder`,
      [service.id, subscribers.get('keeper-sub'), users],
    );
  });
  afterAll(() => test.dispose());

  it('renews the heartbeat and leases of every holder, and drops one parked meanwhile', async () => {
    const keeper = new LeaseKeeper(
      db,
      60,
      { leasesExpired: () => undefined, presenceExpired: () => undefined },
      silentLog,
    );
    for (const user of users) keeper.hold(`socket-${user}`, user);
    const parked = users.at(-1) ?? 0;
    await db.query('delete from moderation_presence where user_id = $1', [parked]);

    await keeper.tick();

    const [presence] = await db.query<{ stale: number; fresh: number }>(
      `select count(*) filter (where heartbeat_at < now() - interval '10 seconds')::int as stale,
              count(*) filter (where heartbeat_at >= now() - interval '10 seconds')::int as fresh
         from moderation_presence where user_id = any($1::int[])`,
      [users],
    );
    expect(presence).toEqual({ stale: 0, fresh: HOLDERS - 1 });
    const [leases] = await db.query<{ renewed: number; lapsing: number }>(
      `select count(*) filter (where lease_expires_at > now() + interval '30 seconds')::int
                as renewed,
              count(*) filter (where lease_expires_at <= now() + interval '30 seconds')::int
                as lapsing
         from contents where status = 'assigned' and assigned_to = any($1::int[])`,
      [users],
    );
    expect(leases).toEqual({ renewed: HOLDERS - 1, lapsing: 1 });
    expect(keeper.holds(`socket-${parked}`)).toBe(false);
    expect(keeper.holds(`socket-${users[0] ?? 0}`)).toBe(true);
  });
});
