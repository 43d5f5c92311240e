import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../../server/features/demo/demo-seed';
import { DEMO_CUSTOMER_SERVICE } from '../../../../server/features/demo/demo-services';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database';
import { startTestServer, type TestServer } from '../../../support/test-server';

describe('demo mode', () => {
  let database: TestDatabase | undefined;
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database?.dispose();
  });

  it('creates one user per role with DEMO_PASSWORD on an empty database, once', async () => {
    database = await openTestDatabase('migrated');
    const env = { SEED_DEMO: '1', DEMO_PASSWORD: 'sample-password' };
    const first = await startTestServer(database.db, env);
    servers.push(first);
    expect(first.app.demo.seededUsers).toBe(true);

    const users = await database.db.query<{ username: string; role: string }>(
      'select u.username, r.name as role from users u join roles r on r.id = u.role_id order by u.id',
    );
    expect(users).toEqual(DEMO_USERS.map(({ username, role }) => ({ username, role })));
    expect(users.map((user) => user.username)).toEqual([
      'admin',
      'developer',
      'operator',
      'batch',
      'customer',
      'demo',
    ]);
    await first.signIn('customer', 'sample-password');

    // The demo customer reads one demo service's decisions, not the other's.
    const links = await database.db.query<{ code: string }>(
      `select s.code from user_services us
         join users u on u.id = us.user_id join services s on s.id = us.service_id
        where u.username = 'customer'`,
    );
    expect(links).toEqual([{ code: DEMO_CUSTOMER_SERVICE }]);

    // A restart on the same data keeps the users and creates no more.
    await first.close();
    servers.pop();
    const second = await startTestServer(database.db, env);
    servers.push(second);
    expect(second.app.demo.seededUsers).toBe(false);
    const [row] = await database.db.query<{ count: number }>(
      'select count(*)::int as count from users',
    );
    expect(row?.count).toBe(DEMO_USERS.length);
  });

  it('creates no users with SEED_DEMO=0', async () => {
    database = await openTestDatabase('migrated');
    const server = await startTestServer(database.db, { SEED_DEMO: '0' });
    servers.push(server);
    expect(server.app.demo.seededUsers).toBe(false);
    const [row] = await database.db.query<{ count: number }>(
      'select count(*)::int as count from users',
    );
    expect(row?.count).toBe(0);
  });
});
