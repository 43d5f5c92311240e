import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentToolEndpoints } from '../../../../src/contract/content-tool';
import { discardEndpoints, type DiscardJob } from '../../../../src/contract/discard';
import { historyEndpoints } from '../../../../src/contract/history';
import { runDiscardBatch } from '../../../../server/features/discard/discard-repository';
import { fastDeliverySettings } from '../../../support/delivery-fixtures';
import { auditRows } from '../../../support/people-fixtures';
import {
  claimItems,
  contentIds,
  ingestItems,
  textItem,
  waitFor,
  type SocketRecorder,
} from '../../../support/protocol';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import {
  operatorOf,
  receivedBodies,
  serviceWithReceiver,
  signedWith,
  type ServiceWithReceiver,
} from '../../../support/tool-fixtures';

/**
 * Bulk discarding (/discard): the preview of a filter, the typed confirmation, the job working
 * in batches with its progress, operators' screens emptied of what was discarded, a signed
 * content.discarded webhook per item, and the history's record of who discarded.
 */
describe('bulk discard', () => {
  const server = useTestServer();
  let admin: TestClient;
  let svc: ServiceWithReceiver;
  const services: ServiceWithReceiver[] = [];
  const sockets: SocketRecorder[] = [];

  beforeAll(async () => {
    admin = await server.signIn('admin');
    await fastDeliverySettings(server.db);
  });
  beforeEach(async () => {
    svc = await serviceWithReceiver(server.db);
    services.push(svc);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const service of services) await service.receiver.close();
  });

  const ingest = (items: ReturnType<typeof textItem>[]) =>
    ingestItems(server.baseUrl, svc.token, items);
  const statuses = async (ids: number[]) =>
    (
      await server.db.query<{ id: number; status: string; decision_source: string | null }>(
        'select id, status, decision_source from contents where id = any($1::bigint[]) order by id',
        [ids],
      )
    ).map((row) => `${row.status}${row.decision_source ? `:${row.decision_source}` : ''}`);
  const job = async (id: number): Promise<DiscardJob> =>
    (await admin.callOk(discardEndpoints.job, { params: { id } })).data;

  it('previews the count and the oldest items of a filter, changing nothing', async () => {
    const ids = await ingest([
      textItem(1, { subscriber_id: 'alice', content: 'first from alice' }),
      textItem(2, {
        subscriber_id: 'alice',
        message_type: 'image',
        content: 'https://example.com/a.png',
      }),
      textItem(3, { subscriber_id: 'bob' }),
    ]);
    await server.db.query(
      `update contents set bound_time = now() - interval '3 hours' where id = $1`,
      [ids[0]],
    );
    const operator = await operatorOf(server.db, server.baseUrl, svc.service.id);
    const held = await claimItems(server.baseUrl, operator, 1);
    sockets.push(held.socket);
    expect(held.ids).toEqual([ids[0]]);

    const preview = async (query: Record<string, unknown>) =>
      (
        await admin.callOk(discardEndpoints.preview, {
          query: { service_id: svc.service.id, ...query },
        })
      ).data;
    const all = await preview({});
    expect(all).toMatchObject({ count: 3, assigned: 1 });
    expect(all.sample.map((row) => row.id)).toEqual(ids);
    expect(all.sample[0]).toMatchObject({
      status: 'assigned',
      holder: operator.username,
      subscriber_id: 'alice',
      preview: 'first from alice',
    });
    expect((await preview({ subscriber: 'alice' })).count).toBe(2);
    expect((await preview({ subscriber: 'alice', message_type: 'image' })).count).toBe(1);
    expect((await preview({ status: 'pending' })).count).toBe(2);
    expect((await preview({ status: 'assigned' })).count).toBe(1);
    expect((await preview({ older_than_minutes: 120 })).sample.map((row) => row.id)).toEqual([
      ids[0],
    ]);
    expect(await statuses(ids)).toEqual(['assigned', 'pending', 'pending']);
  });

  it('discards what the filter matched: off operators’ screens, a webhook each, in the history as discarded by admin', async () => {
    const ids = await ingest(
      Array.from({ length: 6 }, (_, n) => textItem(n, { subscriber_id: 'spammer' })),
    );
    const [other] = await ingest([textItem(9, { subscriber_id: 'regular' })]);
    const operator = await operatorOf(server.db, server.baseUrl, svc.service.id);
    const held = await claimItems(server.baseUrl, operator, 3);
    sockets.push(held.socket);
    expect(held.ids).toEqual(ids.slice(0, 3));
    const preview = (
      await admin.callOk(discardEndpoints.preview, {
        query: { service_id: svc.service.id, subscriber: 'spammer' },
      })
    ).data;
    expect(preview.count).toBe(6);
    // Arrived after the preview: stays.
    const [late] = await ingest([textItem(20, { subscriber_id: 'spammer' })]);

    const mark = held.socket.mark();
    const started = await admin.callOk(discardEndpoints.start, {
      body: {
        filter: { service_id: svc.service.id, subscriber: 'spammer' },
        max_content_id: preview.max_content_id,
        expected: preview.count,
        confirmation: '6',
        reason: 'spam wave',
      },
    });
    expect(started.data).toMatchObject({ expected: 6, created_by: 'admin', reason: 'spam wave' });
    await waitFor(async () => (await job(started.data.id)).status === 'done', 'the job finishes');
    expect(await job(started.data.id)).toMatchObject({ discarded: 6, withdrawn: 3 });
    expect(await statuses(ids)).toEqual(Array(6).fill('decided:discard'));
    expect(await statuses([other ?? 0, late ?? 0])).toEqual(['pending', 'pending']);

    // The operator's screen is reset and gets back only what it still holds: nothing. (Counted
    // from the mark: on PostgreSQL the held items may come twice at the start, once from the
    // claim and once from take-moderation's resend, which can read them after the claim.)
    await held.socket.next('reset-content', () => true, { since: mark });
    expect(
      held.socket.all('set-content', { since: mark }).flatMap((args) => contentIds(args)),
    ).toEqual([]);

    await waitFor(() => svc.receiver.requests.length >= 6, 'every discarded item is delivered');
    const bodies = receivedBodies(svc.receiver);
    expect(bodies.map((body) => body.type)).toEqual(Array(6).fill('content.discarded'));
    expect(bodies.map((body) => body.data.content_id).sort()).toEqual([...ids].sort());
    expect(bodies[0]?.data).toMatchObject({ discarded_by: 'admin', reason: 'spam wave' });
    expect(svc.receiver.requests.every((request) => signedWith(svc.secret, request))).toBe(true);

    const history = await admin.callOk(historyEndpoints.list, {
      query: { service_id: svc.service.id, source: 'discard' },
    });
    expect(history.data.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(new Set(history.data.map((row) => row.operator_username))).toEqual(new Set(['admin']));
    const timeline = await admin.callOk(contentToolEndpoints.item, { params: { id: ids[0] ?? 0 } });
    expect(timeline.data.timeline.find((event) => event.kind === 'action')).toMatchObject({
      action: 'discarded',
      by: 'admin',
      reason: 'spam wave',
      discard_job_id: started.data.id,
    });
    expect((await auditRows(server.db, 'discard.start')).at(-1)).toMatchObject({
      actor_username: 'admin',
      target_id: String(started.data.id),
      details: { items: 6, reason: 'spam wave' },
    });
  });

  it('works in batches of short transactions that count their progress; any process goes on', async () => {
    const ids = await ingest(Array.from({ length: 12 }, (_, n) => textItem(n)));
    const preview = (
      await admin.callOk(discardEndpoints.preview, { query: { service_id: svc.service.id } })
    ).data;
    // The job and its first batch in one transaction: nobody else sees the job before it.
    const first = await server.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `insert into discard_jobs (created_by_username, filter, max_content_id, expected)
         values ('admin', $1::jsonb, $2, 12) returning id`,
        [JSON.stringify({ service_id: svc.service.id, status: 'any' }), preview.max_content_id],
      );
      const batch = await runDiscardBatch(tx, 5);
      const [counted] = await tx.query<{ discarded: number }>(
        'select discarded from discard_jobs where id = $1',
        [row?.id],
      );
      return { id: row?.id ?? 0, batch, discarded: counted?.discarded };
    });
    expect(first.batch).toMatchObject({ jobId: first.id, finished: false });
    expect(first.batch.discarded.ids).toHaveLength(5);
    expect(first.discarded).toBe(5);
    // The server's own worker takes it from there, batch by batch.
    await waitFor(async () => (await job(first.id)).status === 'done', 'the worker finishes it');
    expect(await job(first.id)).toMatchObject({ discarded: 12, expected: 12 });
    expect(await statuses(ids)).toEqual(Array(12).fill('decided:discard'));
  });

  it('refuses a wrong typed count, a filter that grew or emptied, and bad filters, with clear 4xx', async () => {
    const ids = await ingest([textItem(1), textItem(2)]);
    const preview = (
      await admin.callOk(discardEndpoints.preview, { query: { service_id: svc.service.id } })
    ).data;
    const body = {
      filter: { service_id: svc.service.id },
      max_content_id: preview.max_content_id,
      expected: 2,
      confirmation: '2',
    };
    const wrong = await admin.call(discardEndpoints.start, {
      body: { ...body, confirmation: '3' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields?.confirmation).toBe(
      'Type the number of items, 2, to confirm the discard.',
    );
    const grew = await admin.call(discardEndpoints.start, {
      body: { ...body, expected: 1, confirmation: '1' },
    });
    expect(grew.status).toBe(409);
    expect(grew.body.message).toContain('now matches 2 items');
    const badAge = await admin.get(`/api/discard/preview?older_than_minutes=-5`);
    expect(badAge.status).toBe(422);
    expect(badAge.body.fields).toHaveProperty('older_than_minutes');
    const badStatus = await admin.get('/api/discard/preview?status=decided');
    expect(badStatus.status).toBe(422);
    const unknown = await admin.get('/api/discard/preview?color=red');
    expect(unknown.status).toBe(422);
    expect(await statuses(ids)).toEqual(['pending', 'pending']);

    await server.db.query(
      `update contents set status = 'decided', decision_source = 'human', decided_at = now()
        where id = any($1::bigint[])`,
      [ids],
    );
    const empty = await admin.call(discardEndpoints.start, { body });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(
      'No item matches the filter any more: there is nothing to discard.',
    );
    const operator = await server.signIn('operator');
    expect((await operator.call(discardEndpoints.jobs, {})).status).toBe(403);
  });

  it('stops a running job on request, audited', async () => {
    await ingest([textItem(1)]);
    const [row] = await server.db.query<{ id: number }>(
      `insert into discard_jobs (created_by_username, filter, max_content_id, expected, status)
       values ('admin', $1::jsonb, 0, 1, 'running') returning id`,
      [JSON.stringify({ service_id: svc.service.id, status: 'any' })],
    );
    const id = row?.id ?? 0;
    const stopped = await admin.call(discardEndpoints.cancel, { params: { id } });
    // The worker may have finished it first (max_content_id 0 matches nothing): then it is done.
    if (stopped.status === 200) {
      expect((stopped.body as { data: DiscardJob }).data.status).toBe('cancelled');
      expect((await auditRows(server.db, 'discard.cancel')).at(-1)).toMatchObject({
        target_id: String(id),
      });
    } else {
      expect(stopped.status).toBe(409);
      expect((await job(id)).status).toBe('done');
    }
    const again = await admin.call(discardEndpoints.cancel, { params: { id } });
    expect(again.status).toBe(409);
    expect(
      (await admin.call(discardEndpoints.cancel, { params: { id: 2_000_000_000 } })).status,
    ).toBe(404);
  });
});
