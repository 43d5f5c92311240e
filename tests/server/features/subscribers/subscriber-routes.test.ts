import { beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIBER_TEXTS,
  subscriberEndpoints,
  type SubscriberRow,
} from '../../../../src/contract/subscribers';
import { createTestService } from '../../../support/moderation-fixtures';
import { auditRows, sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import { ingest, textItem } from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

describe('/subscriber', () => {
  const server = useTestServer();
  let admin: SignedInUser;
  let serviceId: number;
  let serviceCode: string;
  let token: string;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const made = await createTestService(server.db, { name: 'Subscriber Service' });
    serviceId = made.service.id;
    serviceCode = made.service.code;
    token = made.token;
    // Ingest makes the subscribers: sub-0, sub-1, sub-2.
    const answer = await ingest(
      server.baseUrl,
      token,
      [0, 1, 2].map((n) => textItem(n)),
    );
    expect(answer.status).toBe(202);
  });

  const rowOf = async (externalId: string): Promise<SubscriberRow> => {
    const list = await admin.client.call(subscriberEndpoints.list, {
      query: { service_id: serviceId, search: externalId },
    });
    const row = list.body.data.find((entry) => entry.external_id === externalId);
    if (!row) throw new Error(`no subscriber ${externalId}`);
    return row;
  };

  it('lists the subscribers ingest made, filtered by service, search and block state', async () => {
    const list = await admin.client.call(subscriberEndpoints.list, {
      query: { service_id: serviceId, sort: 'external_id', order: 'asc' },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.data.map((row) => row.external_id)).toEqual(['sub-0', 'sub-1', 'sub-2']);
    expect(list.body.data[0]).toMatchObject({
      service_id: serviceId,
      service_name: 'Subscriber Service',
      name: 'sub-0',
      notes: '',
      blocked: false,
      blocked_at: null,
    });
    const search = await admin.client.call(subscriberEndpoints.list, {
      query: { service_id: serviceId, search: 'sub-2' },
    });
    expect(search.body.data.map((row) => row.external_id)).toEqual(['sub-2']);
    const blocked = await admin.client.call(subscriberEndpoints.list, {
      query: { service_id: serviceId, blocked: 'true' },
    });
    expect(blocked.body.total).toBe(0);

    const bad = await admin.client.call(subscriberEndpoints.list, {
      query: { service_id: -1 as number, blocked: 'maybe' as 'true' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['blocked', 'service_id']);
  });

  it("answers one service's subscribers as options, bounded", async () => {
    const options = await admin.client.call(subscriberEndpoints.options, {
      query: { service_id: serviceId },
    });
    expect(options.status).toBe(200);
    expect(options.body.data).toHaveLength(3);
    expect(Object.keys(options.body.data[0] ?? {}).sort()).toEqual(['id', 'name']);
    const missing = await admin.client.call(subscriberEndpoints.options, {
      query: {} as { service_id: number },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.fields?.service_id).toBeDefined();
  });

  it('renames, annotates and validates, with an audit row', async () => {
    const row = await rowOf('sub-0');
    const saved = await admin.client.call(subscriberEndpoints.update, {
      params: { id: row.id },
      body: { name: '  Alice  ', notes: 'VIP account', blocked: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Alice', notes: 'VIP account', blocked: false });
    const [audit] = (await auditRows(server.db, 'subscriber.update')).slice(-1);
    expect(audit).toMatchObject({
      actor_username: 'admin',
      target_type: 'subscriber',
      target_id: String(row.id),
      details: {
        external_id: 'sub-0',
        changes: { name: ['sub-0', 'Alice'], notes: ['', 'VIP account'] },
      },
    });

    const invalid = await admin.client.call(subscriberEndpoints.update, {
      params: { id: row.id },
      body: { name: ' ', notes: 'x'.repeat(2001), blocked: 'yes' as unknown as boolean },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.fields ?? {}).sort()).toEqual(['blocked', 'name', 'notes']);

    const missing = await admin.client.call(subscriberEndpoints.update, {
      params: { id: 2_000_000_000 },
      body: { name: 'x', notes: '', blocked: false },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(SUBSCRIBER_TEXTS.notFound(2_000_000_000));
  });

  it("refuses a blocked subscriber's items with 403, the whole request, and records it", async () => {
    const row = await rowOf('sub-1');
    const blocked = await admin.client.call(subscriberEndpoints.update, {
      params: { id: row.id },
      body: { name: row.name, notes: 'spammer', blocked: true },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.blocked).toBe(true);
    expect(blocked.body.data.blocked_at).not.toBeNull();

    const [{ count: before } = { count: 0 }] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from contents where service_id = $1',
      [serviceId],
    );
    // One blocked item in a batch refuses the batch: nothing of it is stored.
    const refused = await ingest(server.baseUrl, token, [
      textItem(3, { subscriber_id: 'sub-0' }),
      textItem(4, { subscriber_id: 'sub-1' }),
    ]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(SUBSCRIBER_TEXTS.blocked('sub-1'));
    const [{ count: after } = { count: 0 }] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from contents where service_id = $1',
      [serviceId],
    );
    expect(after).toBe(before);
    const failed = await server.db.query<{ type: string; request: string; response: string }>(
      'select type, request, response from failed_content_requests where service_code = $1',
      [serviceCode],
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.type).toBe('subscriber_blocked');
    expect(failed[0]?.request).toContain('sub-1');
    expect(JSON.parse(failed[0]?.response ?? '{}')).toMatchObject({ code: 'forbidden' });

    // Other subscribers go on; unblocking lets it send again.
    expect(
      (await ingest(server.baseUrl, token, [textItem(5, { subscriber_id: 'sub-0' })])).status,
    ).toBe(202);
    const unblocked = await admin.client.call(subscriberEndpoints.update, {
      params: { id: row.id },
      body: { name: row.name, notes: 'spammer', blocked: false },
    });
    expect(unblocked.body.data).toMatchObject({ blocked: false, blocked_at: null });
    expect(
      (await ingest(server.baseUrl, token, [textItem(6, { subscriber_id: 'sub-1' })])).status,
    ).toBe(202);
    const [audit] = (await auditRows(server.db, 'subscriber.update')).slice(-1);
    expect(audit?.details).toMatchObject({ changes: { blocked: [true, false] } });
  });

  it('needs section_subscribers', async () => {
    const operator = await sessionFor(server.db, server.baseUrl, 'operator');
    const list = await operator.client.call(subscriberEndpoints.list, { query: {} });
    expect(list.status).toBe(403);
  });
});
