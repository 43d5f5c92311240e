import { beforeAll, describe, expect, it } from 'vitest';
import { POOL_TEXTS, poolEndpoints, type PoolRow } from '../../../../src/contract/pools';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { auditRows, sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import { useTestServer } from '../../../support/test-server';

describe('/pools', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });

  const pools = async () => (await admin.client.callOk(poolEndpoints.list, {})).data;

  it('creates, lists, updates and deletes a pool, each with its audit row', async () => {
    const { service: news } = await createTestService(server.db, { name: 'News' });
    const { service: chat } = await createTestService(server.db, { name: 'Chat' });
    const ann = await createOperator(server.db, server.baseUrl, { username: 'ann_pool' });
    const bob = await createOperator(server.db, server.baseUrl, { username: 'bob_pool' });

    const created = await admin.client.call(poolEndpoints.create, {
      body: {
        name: '  Night shift ',
        description: 'Late hours',
        service_ids: [news.id, news.id],
        user_ids: [ann.id],
      },
    });
    expect(created.status).toBe(200);
    const pool = (created.body as { data: PoolRow }).data;
    expect(pool).toMatchObject({
      name: 'Night shift',
      description: 'Late hours',
      services: [{ id: news.id, name: 'News' }],
      members: [{ id: ann.id, username: 'ann_pool' }],
    });
    expect((await pools()).map((row) => row.name)).toContain('Night shift');

    const updated = await admin.client.callOk(poolEndpoints.update, {
      body: {
        id: pool.id,
        name: 'Night shift',
        description: 'Late hours',
        service_ids: [news.id, chat.id],
        user_ids: [bob.id],
      },
    });
    expect(updated.data.services.map((service) => service.name)).toEqual(['Chat', 'News']);
    expect(updated.data.members.map((member) => member.username)).toEqual(['bob_pool']);

    // Saving the same values changes nothing and writes no audit row.
    await admin.client.callOk(poolEndpoints.update, {
      body: {
        id: pool.id,
        name: 'Night shift',
        description: 'Late hours',
        service_ids: [chat.id, news.id],
        user_ids: [bob.id],
      },
    });

    const removed = await admin.client.call(poolEndpoints.remove, { body: { id: pool.id } });
    expect(removed.status).toBe(200);
    expect((await pools()).find((row) => row.id === pool.id)).toBeUndefined();
    const memberships = await server.db.query(
      'select 1 from pool_members where pool_id = $1 union all select 1 from pool_services where pool_id = $1',
      [pool.id],
    );
    expect(memberships).toHaveLength(0);

    const audit = (await auditRows(server.db)).filter((row) => row.action.startsWith('pool.'));
    expect(audit.map((row) => row.action)).toEqual(['pool.create', 'pool.update', 'pool.delete']);
    expect(audit[0]).toMatchObject({
      actor_username: 'admin',
      target_type: 'pool',
      target_id: String(pool.id),
      details: { name: 'Night shift', services: ['News'], members: ['ann_pool'] },
    });
    expect(audit[1]?.details).toMatchObject({
      services: { from: ['News'], to: ['Chat', 'News'] },
      members: { from: ['ann_pool'], to: ['bob_pool'] },
    });
    expect(audit[1]?.details).not.toHaveProperty('name');
  });

  it('refuses a taken name regardless of case, unknown services and users, and bad input', async () => {
    const { service } = await createTestService(server.db, { name: 'Games' });
    const first = await admin.client.callOk(poolEndpoints.create, {
      body: { name: 'Games team', service_ids: [service.id], user_ids: [] },
    });

    const duplicate = await admin.client.call(poolEndpoints.create, {
      body: { name: 'GAMES TEAM', service_ids: [], user_ids: [] },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ fields: { name: POOL_TEXTS.duplicateName } });

    const other = await admin.client.callOk(poolEndpoints.create, {
      body: { name: 'Other team', service_ids: [], user_ids: [] },
    });
    const rename = await admin.client.call(poolEndpoints.update, {
      body: { id: other.data.id, name: 'games Team', service_ids: [], user_ids: [] },
    });
    expect(rename.status).toBe(409);

    const unknown = await admin.client.call(poolEndpoints.create, {
      body: { name: 'Ghosts', service_ids: [999_999], user_ids: [888_888] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      fields: {
        service_ids: POOL_TEXTS.unknownServices([999_999]),
        user_ids: POOL_TEXTS.unknownUsers([888_888]),
      },
    });

    const empty = await admin.client.call(poolEndpoints.create, {
      body: { name: '   ', service_ids: 'all', user_ids: [1.5] } as never,
    });
    expect(empty.status).toBe(422);
    expect(Object.keys((empty.body as { fields: Record<string, string> }).fields).sort()).toEqual([
      'name',
      'service_ids',
      'user_ids.0',
    ]);

    const missing = await admin.client.call(poolEndpoints.update, {
      body: { id: 2_000_000, name: 'Nowhere', service_ids: [], user_ids: [] },
    });
    expect(missing.status).toBe(404);
    const gone = await admin.client.call(poolEndpoints.remove, { body: { id: 2_000_000 } });
    expect(gone.status).toBe(404);
    expect((await pools()).find((row) => row.id === first.data.id)?.services).toHaveLength(1);
  });

  it('offers every service and every active user, and is closed to operators', async () => {
    const options = (await admin.client.callOk(poolEndpoints.options, {})).data;
    expect(options.users.map((user) => user.username)).toContain('operator');
    expect(options.services.length).toBeGreaterThan(0);
    const operator = await sessionFor(server.db, server.baseUrl, 'operator');
    expect((await operator.client.call(poolEndpoints.list, {})).status).toBe(403);
    expect(
      (
        await operator.client.call(poolEndpoints.create, {
          body: { name: 'Mine', service_ids: [], user_ids: [] },
        })
      ).status,
    ).toBe(403);
  });
});
