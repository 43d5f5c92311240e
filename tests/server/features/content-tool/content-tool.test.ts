import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moderationEndpoints } from '../../../../src/contract/content';
import {
  contentToolEndpoints,
  type ContentToolItem,
  type TimelineEvent,
} from '../../../../src/contract/content-tool';
import { historyEndpoints } from '../../../../src/contract/history';
import { onlineUsersEndpoints } from '../../../../src/contract/online-users';
import { clientEvents } from '../../../../src/contract/socket-events';
import { userEndpoints } from '../../../../src/contract/users';
import { fastDeliverySettings } from '../../../support/delivery-fixtures';
import { auditRows } from '../../../support/people-fixtures';
import {
  claimItems,
  contentIds,
  ingestItems,
  moderatedResult,
  requestContent,
  submitResults,
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
 * The content tool (/content-tool): an item's timeline as its life went (arrival, AI, every
 * lease with why it ended, load, submission, decision, deliveries and attempts), and requeue,
 * discard and redeliver with what each does to operators' screens, deliveries, the history and
 * the audit log. Real server, real delivery worker, a local receiver as the service's callback.
 */
describe('content tool', () => {
  const server = useTestServer();
  let admin: TestClient;
  /** The service of the running test: each test (each case) has its own, so queues never mix. */
  let svc: ServiceWithReceiver;
  const services: ServiceWithReceiver[] = [];
  const sockets: SocketRecorder[] = [];
  const freshService = async () => {
    svc = await serviceWithReceiver(server.db);
    services.push(svc);
    return svc;
  };

  beforeAll(async () => {
    admin = await server.signIn('admin');
    await fastDeliverySettings(server.db);
  });
  beforeEach(freshService);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const service of services) await service.receiver.close();
  });

  const item = async (id: number): Promise<ContentToolItem> =>
    (await admin.callOk(contentToolEndpoints.item, { params: { id } })).data;
  const events = <K extends TimelineEvent['kind']>(found: ContentToolItem, kind: K) =>
    found.timeline.filter(
      (event): event is Extract<TimelineEvent, { kind: K }> => event.kind === kind,
    );
  const ingestOne = async (content = 'just a message') =>
    (await ingestItems(server.baseUrl, svc.token, [textItem(1, { content })]))[0] ?? 0;
  const statusOf = async (id: number) =>
    (
      await server.db.query<{ status: string }>('select status from contents where id = $1', [id])
    )[0]?.status;
  /** An operator of the test service holding `count` items on a live socket. */
  const holding = async (count: number) => {
    const operator = await operatorOf(server.db, server.baseUrl, svc.service.id);
    const claimed = await claimItems(server.baseUrl, operator, count);
    sockets.push(claimed.socket);
    return { operator, ...claimed };
  };
  const deliveredCount = () => svc.receiver.requests.length;

  it('shows an item’s life: arrival, AI, each lease and why it ended, load, submission, decision, delivery', async () => {
    const id = await ingestOne('free money for everyone');
    const { operator, socket, ids } = await holding(1);
    expect(ids).toEqual([id]);
    // The console cannot load it: the item goes back, then comes to the operator again.
    socket.socket.emit(clientEvents.unmapContent.name, {
      content: { id },
      reason: 'cannot_load',
    });
    await waitFor(async () => (await statusOf(id)) === 'pending', 'the unmapped item waits again');
    expect(await requestContent(socket, operator.id, 1)).toEqual([id]);
    await operator.client.callOk(moderationEndpoints.moderatedTime, {
      body: { user_id: operator.id, content_id: id },
    });
    const before = deliveredCount();
    const submitted = await submitResults(operator.client, [moderatedResult(operator, id)]);
    expect(submitted.status).toBe(200);
    await waitFor(() => deliveredCount() > before, 'the decision is delivered');
    await waitFor(
      async () => events(await item(id), 'attempt').length > 0,
      'the attempt is on the timeline',
    );

    const found = await item(id);
    expect(found).toMatchObject({ id, status: 'decided', decision_source: 'human' });
    expect(found.timeline.map((event) => event.kind)).toEqual([
      'ingested',
      'ai_answered',
      'lease',
      'lease',
      'loaded',
      'submitted',
      'decided',
      'delivery',
      'attempt',
    ]);
    expect(events(found, 'ingested')[0]).toMatchObject({ via: 'api', by: null });
    expect(events(found, 'ai_answered')[0]?.tags).toContain('spam');
    expect(events(found, 'lease')).toEqual([
      expect.objectContaining({
        operator: operator.username,
        end_reason: 'unmapped',
        end_detail: 'cannot_load',
      }),
      expect.objectContaining({ operator: operator.username, end_reason: 'submitted' }),
    ]);
    expect(events(found, 'submitted')[0]).toMatchObject({
      operator: operator.username,
      outcome: 'stored',
    });
    expect(events(found, 'decided')[0]).toMatchObject({
      source: 'human',
      operator: operator.username,
      tags: ['spam'],
      taken_back: false,
    });
    expect(events(found, 'delivery')[0]).toMatchObject({
      type: 'content.moderated',
      status: 'delivered',
      superseded_at: null,
    });
    expect(events(found, 'attempt')[0]).toMatchObject({ attempt: 1, status_code: 200 });
    expect(found.can).toEqual({ requeue: true, discard: false, redeliver: true });
  });

  it('names why each lease ended: parked, lapsed after the grace, kicked, deactivated', async () => {
    const ended = async (id: number) => events(await item(id), 'lease').at(-1)?.end_reason;

    const parked = await ingestOne();
    const first = await holding(1);
    first.socket.socket.emit(clientEvents.parkMe.name);
    await waitFor(async () => (await statusOf(parked)) === 'pending', 'parking returns the item');
    expect(await ended(parked)).toBe('parked');

    await freshService();
    const lapsed = await ingestOne();
    const second = await holding(1);
    second.socket.close();
    await server.db.query(
      `update contents set lease_expires_at = now() - interval '1 second' where id = $1`,
      [lapsed],
    );
    await server.app.moderation.leases.tick();
    expect(await statusOf(lapsed)).toBe('pending');
    expect(await ended(lapsed)).toBe('lapsed');

    await freshService();
    const kicked = await ingestOne();
    const third = await holding(1);
    await admin.callOk(onlineUsersEndpoints.kick, { params: { userId: third.operator.id } });
    expect(await ended(kicked)).toBe('kicked');

    await freshService();
    const deactivated = await ingestOne();
    const fourth = await holding(1);
    await admin.callOk(userEndpoints.deactivate, { params: { id: fourth.operator.id } });
    expect(await ended(deactivated)).toBe('deactivated');
  });

  it('requeues a decided item with its history kept; its next decision is delivered anew', async () => {
    const id = await ingestOne();
    const { operator, ids } = await holding(1);
    expect(ids).toEqual([id]);
    const before = deliveredCount();
    await submitResults(operator.client, [moderatedResult(operator, id)]);
    await waitFor(() => deliveredCount() > before, 'the first decision is delivered');
    const firstWebhook = svc.receiver.requests.at(-1)?.headers['webhook-id'];

    const requeued = await admin.call(contentToolEndpoints.requeue, {
      params: { id },
      body: { reason: 'wrong tag' },
    });
    expect(requeued.status).toBe(200);
    const afterRequeue = requeued.body as { data: ContentToolItem };
    expect(afterRequeue.data.status).toBe('pending');
    expect(events(afterRequeue.data, 'decided')[0]).toMatchObject({
      operator: operator.username,
      taken_back: true,
    });
    expect(events(afterRequeue.data, 'delivery')[0]).toMatchObject({ status: 'delivered' });
    expect(events(afterRequeue.data, 'delivery')[0]?.superseded_at).not.toBeNull();
    expect(events(afterRequeue.data, 'action')[0]).toMatchObject({
      action: 'requeued',
      by: 'admin',
      reason: 'wrong tag',
    });
    expect((await auditRows(server.db, 'content.requeue')).at(-1)).toMatchObject({
      actor_username: 'admin',
      target_id: String(id),
      details: { reason: 'wrong tag' },
    });
    // The old holder's late result no longer decides it.
    const late = await submitResults(operator.client, [moderatedResult(operator, id)]);
    expect((late.body as { data: { status: string }[] }).data[0]?.status).toBe('not_assigned');

    const next = await holding(1);
    expect(next.ids).toEqual([id]);
    await submitResults(next.operator.client, [
      moderatedResult(next.operator, id, { moderated_status: { violence: 1 } }),
    ]);
    await waitFor(() => deliveredCount() > before + 1, 'the new decision is delivered');
    const secondWebhook = svc.receiver.requests.at(-1)?.headers['webhook-id'];
    expect(secondWebhook).not.toBe(firstWebhook);
    expect(receivedBodies(svc.receiver).at(-1)?.data).toMatchObject({
      content_id: id,
      moderated_by: next.operator.username,
    });

    const found = await item(id);
    expect(events(found, 'decided').map((event) => [event.operator, event.taken_back])).toEqual([
      [operator.username, true],
      [next.operator.username, false],
    ]);
    expect(events(found, 'delivery')).toHaveLength(2);
    const history = await admin.callOk(historyEndpoints.detail, { params: { id } });
    expect(history.data).toMatchObject({
      tags: ['violence'],
      operator_username: next.operator.username,
    });
  });

  it('requeues a leased item: it leaves the operator’s screen and waits again', async () => {
    const [kept, taken] = [await ingestOne(), await ingestOne()];
    const { socket, ids } = await holding(2);
    expect(ids.sort()).toEqual([kept, taken].sort());
    const mark = socket.mark();
    const answer = await admin.callOk(contentToolEndpoints.requeue, {
      params: { id: taken },
      body: {},
    });
    expect(answer.data.status).toBe('pending');
    expect(events(answer.data, 'lease').at(-1)?.end_reason).toBe('requeued');
    await socket.next('reset-content', () => true, { since: mark });
    const resent = await socket.next('set-content', () => true, { since: mark });
    expect(contentIds(resent)).toEqual([kept]);
  });

  it('discards a leased item: off the screen, a signed content.discarded webhook, in the history as discarded by whom', async () => {
    const [kept, discarded] = [await ingestOne(), await ingestOne()];
    const { operator, socket, ids } = await holding(2);
    expect(ids.sort()).toEqual([kept, discarded].sort());
    const before = deliveredCount();
    const mark = socket.mark();
    const answer = await admin.callOk(contentToolEndpoints.discard, {
      params: { id: discarded },
      body: { reason: 'test spam run' },
    });
    expect(answer.data).toMatchObject({ status: 'decided', decision_source: 'discard' });
    expect(events(answer.data, 'lease').at(-1)?.end_reason).toBe('discarded');
    expect(events(answer.data, 'action').at(-1)).toMatchObject({
      action: 'discarded',
      by: 'admin',
      reason: 'test spam run',
    });
    await socket.next('reset-content', () => true, { since: mark });
    expect(contentIds(await socket.next('set-content', () => true, { since: mark }))).toEqual([
      kept,
    ]);

    await waitFor(() => deliveredCount() > before, 'the discard is delivered');
    const request = svc.receiver.requests.at(-1);
    expect(signedWith(svc.secret, request)).toBe(true);
    expect(receivedBodies(svc.receiver).at(-1)).toMatchObject({
      type: 'content.discarded',
      data: {
        content_id: discarded,
        service: svc.service.code,
        discarded_by: 'admin',
        reason: 'test spam run',
      },
    });

    const late = await submitResults(operator.client, [moderatedResult(operator, discarded)]);
    expect((late.body as { data: { status: string }[] }).data[0]?.status).toBe('already_decided');
    const history = await admin.callOk(historyEndpoints.list, {
      query: { source: 'discard', service_id: svc.service.id },
    });
    expect(history.data.map((row) => [row.id, row.source, row.operator_username])).toContainEqual([
      discarded,
      'discard',
      'admin',
    ]);
    expect((await auditRows(server.db, 'content.discard')).at(-1)).toMatchObject({
      actor_username: 'admin',
      target_id: String(discarded),
      details: { reason: 'test spam run', was_on_screen: true },
    });
    const again = await admin.call(contentToolEndpoints.discard, {
      params: { id: discarded },
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already discarded');
  });

  it('redelivers a delivered webhook with the same id and body, audited', async () => {
    const id = await ingestOne();
    const { operator } = await holding(1);
    const before = deliveredCount();
    await submitResults(operator.client, [moderatedResult(operator, id)]);
    await waitFor(() => deliveredCount() > before, 'the decision is delivered');
    const first = svc.receiver.requests.at(-1);
    await waitFor(
      async () => events(await item(id), 'delivery')[0]?.status === 'delivered',
      'the delivery is recorded',
    );

    const answer = await admin.callOk(contentToolEndpoints.redeliver, {
      params: { id },
      body: { reason: 'the service lost it' },
    });
    expect(events(answer.data, 'action').at(-1)).toMatchObject({ action: 'redelivered' });
    await waitFor(() => deliveredCount() > before + 1, 'the webhook is sent again');
    const second = svc.receiver.requests.at(-1);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    await waitFor(
      async () => events(await item(id), 'attempt').length === 2,
      'both attempts are on the timeline',
    );
    expect((await auditRows(server.db, 'content.redeliver')).at(-1)).toMatchObject({
      target_id: String(id),
    });
  });

  it('refuses what does not fit with a clear 4xx, and other roles with 403', async () => {
    const waiting = await ingestOne();
    const missing = await admin.call(contentToolEndpoints.item, { params: { id: 9_000_000_000 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no item 9000000000.');
    const bad = await admin.get('/api/content-tool/items/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toHaveProperty('id');
    const pending = await admin.call(contentToolEndpoints.requeue, {
      params: { id: waiting },
      body: {},
    });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toContain('already waiting');
    const nothing = await admin.call(contentToolEndpoints.redeliver, {
      params: { id: waiting },
      body: {},
    });
    expect(nothing.status).toBe(409);
    const long = await admin.call(contentToolEndpoints.discard, {
      params: { id: waiting },
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(422);
    expect(long.body.fields).toHaveProperty('reason');
    expect(await statusOf(waiting)).toBe('pending');
    const operator = await server.signIn('operator');
    expect(
      (await operator.call(contentToolEndpoints.item, { params: { id: waiting } })).status,
    ).toBe(403);
  });
});
