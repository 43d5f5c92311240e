import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryEndpoints } from '../../../../src/contract/delivery';
import { findDeliveryByContent } from '../../../../server/features/delivery/delivery-repository';
import { DeliveryWorker } from '../../../../server/features/delivery/delivery-worker';
import { startDemoReceiver } from '../../../../server/features/delivery/demo-receiver';
import {
  WEBHOOK_HEADERS,
  newWebhookSecret,
  signatureHeader,
  verifyWebhook,
} from '../../../../server/features/delivery/webhook-signature';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  createCallbackService,
  createUserWithPermissions,
  decideWithDelivery,
  fastDeliverySettings,
  insertTestContent,
  json,
  silentLog,
  startLocalServer,
  userId,
  type ReceivedRequest,
} from '../../../support/delivery-fixtures';
import { auditRows } from '../../../support/people-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

/**
 * Delivery administration (/aggregator), the delivery rules of the Standard Webhooks
 * recommendations (410, Retry-After, rotation overlap) and the test delivery. The server's own
 * worker is off: each test runs worker rounds itself, so what was attempted is exact.
 */
describe('delivery administration', () => {
  const server = useTestServer({ env: { DELIVERY_WORKER: '0' } });
  let admin: TestClient;
  let operator: number;
  let worker: DeliveryWorker;

  beforeAll(async () => {
    admin = await server.signIn('admin');
    operator = await userId(server.db, 'operator');
    await fastDeliverySettings(server.db);
    worker = new DeliveryWorker({
      db: server.db,
      log: silentLog,
    });
  });

  /** One decided item of the service with its delivery row; answers the content id. */
  const decided = async (serviceId: number) => {
    const contentId = await insertTestContent(server.db, serviceId);
    await decideWithDelivery(server.db, contentId, operator);
    return contentId;
  };
  const delivery = async (contentId: number) => {
    const row = await findDeliveryByContent(server.db, contentId);
    if (!row) throw new Error(`no delivery for content ${contentId}`);
    return row;
  };
  /** Makes every pending row of the service due now, as if its retry time had come. */
  const makeDue = (serviceId: number) =>
    server.db.query(
      `update deliveries set next_attempt_at = now() where service_id = $1 and status = 'pending'`,
      [serviceId],
    );
  /** Leaves nothing due behind for the next test's worker rounds. */
  const settle = (serviceId: number) =>
    server.db.query(`delete from deliveries where service_id = $1 and status = 'pending'`, [
      serviceId,
    ]);
  const serviceRow = async (serviceId: number) => {
    const { data } = await admin.callOk(deliveryEndpoints.services, {});
    const row = data.find((entry) => entry.service_id === serviceId);
    if (!row) throw new Error(`service ${serviceId} not listed`);
    return row;
  };
  const signatureOf = (request: ReceivedRequest | undefined) =>
    String(request?.headers[WEBHOOK_HEADERS.signature] ?? '');
  const verifies = (secret: string, request: ReceivedRequest | undefined) =>
    request !== undefined &&
    verifyWebhook(
      secret,
      {
        id: String(request.headers[WEBHOOK_HEADERS.id]),
        timestamp: String(request.headers[WEBHOOK_HEADERS.timestamp]),
        signature: signatureOf(request),
      },
      request.body,
    );

  it('stops delivering after a 410 Gone, says so, and resumes once an administrator enables it', async () => {
    const receiver = await startLocalServer((_request, index, response) =>
      json(response, index === 0 ? 410 : 200, { index }),
    );
    const service = await createCallbackService(server.db, { callbackUrl: `${receiver.url}/in` });
    try {
      const first = await decided(service.id);
      await worker.runOnce();
      expect(receiver.requests).toHaveLength(1);
      expect(await delivery(first)).toMatchObject({ status: 'pending', last_code: '410' });

      const second = await decided(service.id);
      await makeDue(service.id);
      await worker.runOnce();
      await worker.runOnce();
      expect(receiver.requests).toHaveLength(1);

      const row = await serviceRow(service.id);
      expect(row.state).toBe('disabled');
      expect(row.disabled_reason).toContain('410 Gone');
      expect(row.waiting).toBe(2);
      const disabled = await admin.callOk(deliveryEndpoints.disabled, {});
      expect(disabled.data.map((entry) => entry.service_id)).toContain(service.id);

      const enabled = await admin.call(deliveryEndpoints.enable, { params: { id: service.id } });
      expect(enabled.status).toBe(200);
      const again = await admin.call(deliveryEndpoints.enable, { params: { id: service.id } });
      expect(again.status).toBe(409);
      expect((await auditRows(server.db, 'delivery.enable')).at(-1)).toMatchObject({
        actor_username: 'admin',
        target_id: String(service.id),
      });

      await worker.runOnce();
      expect((await delivery(first)).status).toBe('delivered');
      expect((await delivery(second)).status).toBe('delivered');
      expect(receiver.requests).toHaveLength(3);
      expect((await serviceRow(service.id)).state).toBe('active');
    } finally {
      await settle(service.id);
      await receiver.close();
    }
  });

  it('delivers again without enabling once the callback URL is changed after a 410', async () => {
    const gone = await startLocalServer((_request, _index, response) => json(response, 410, {}));
    const fresh = await startLocalServer((_request, _index, response) => json(response, 200, {}));
    const service = await createCallbackService(server.db, { callbackUrl: gone.url });
    try {
      const contentId = await decided(service.id);
      await worker.runOnce();
      expect((await serviceRow(service.id)).state).toBe('disabled');
      await server.db.query('update services set callback_url = $2 where id = $1', [
        service.id,
        fresh.url,
      ]);
      expect((await serviceRow(service.id)).state).toBe('active');
      await worker.runOnce();
      expect((await delivery(contentId)).status).toBe('delivered');
      expect(fresh.requests).toHaveLength(1);
      expect(gone.requests).toHaveLength(1);
    } finally {
      await settle(service.id);
      await gone.close();
      await fresh.close();
    }
  });

  it('waits as long as Retry-After asks on 429 and 503, and keeps the schedule otherwise', async () => {
    const inFiveMinutes = new Date(Date.now() + 300_000).toUTCString();
    const answers = [
      { status: 429, retryAfter: '120' },
      { status: 503, retryAfter: inFiveMinutes },
      { status: 500, retryAfter: '120' },
    ];
    for (const answer of answers) {
      const receiver = await startLocalServer((_request, _index, response) =>
        response
          .writeHead(answer.status, { 'retry-after': answer.retryAfter })
          .end(`busy ${answer.status}`),
      );
      const service = await createCallbackService(server.db, { callbackUrl: receiver.url });
      try {
        const contentId = await decided(service.id);
        await worker.runOnce();
        const [row] = await server.db.query<{ wait: number; code: string }>(
          `select extract(epoch from next_attempt_at - last_attempt_at)::float8 as wait,
                  last_code as code
             from deliveries where content_id = $1`,
          [contentId],
        );
        expect(row?.code).toBe(String(answer.status));
        const wait = Number(row?.wait);
        if (answer.status === 429) expect(wait).toBeGreaterThan(115);
        if (answer.status === 429) expect(wait).toBeLessThan(125);
        if (answer.status === 503) expect(wait).toBeGreaterThan(290);
        if (answer.status === 503) expect(wait).toBeLessThan(305);
        // 500: Retry-After is not honoured; the test schedule waits 0.05 s (± jitter).
        if (answer.status === 500) expect(wait).toBeLessThan(1);

        const attempts = await server.db.query<{
          attempt: number;
          status_code: number;
          error_code: string | null;
          latency_ms: number;
          response_excerpt: string;
        }>(
          `select attempt, status_code, error_code, latency_ms, response_excerpt
             from delivery_attempts where service_id = $1`,
          [service.id],
        );
        expect(attempts).toEqual([
          {
            attempt: 1,
            status_code: answer.status,
            error_code: null,
            latency_ms: expect.any(Number) as number,
            response_excerpt: `busy ${answer.status}`,
          },
        ]);
      } finally {
        await settle(service.id);
        await receiver.close();
      }
    }
  });

  it('signs with both secrets during a rotation overlap and with the new one only after it', async () => {
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 200, {}),
    );
    const service = await createCallbackService(server.db, { callbackUrl: receiver.url });
    const previous = newWebhookSecret();
    try {
      await server.db.query(
        `update services set webhook_secret_previous = $2,
                webhook_secret_previous_expires_at = now() + interval '1 hour' where id = $1`,
        [service.id, previous],
      );
      await decided(service.id);
      await worker.runOnce();
      const during = receiver.requests[0];
      expect(signatureOf(during).split(' ')).toHaveLength(2);
      expect(verifies(service.webhook_secret, during)).toBe(true);
      expect(verifies(previous, during)).toBe(true);

      await server.db.query(
        `update services set webhook_secret_previous_expires_at = now() - interval '1 second'
          where id = $1`,
        [service.id],
      );
      await decided(service.id);
      await worker.runOnce();
      const after = receiver.requests[1];
      expect(signatureOf(after).split(' ')).toHaveLength(1);
      expect(verifies(service.webhook_secret, after)).toBe(true);
      expect(verifies(previous, after)).toBe(false);
    } finally {
      await settle(service.id);
      await receiver.close();
    }
  });

  it('has the demo receiver accept either secret during the overlap and only the new one after', async () => {
    const service = await createCallbackService(server.db);
    const previous = newWebhookSecret();
    const receiver = await startDemoReceiver({ db: server.db, log: silentLog });
    const postSignedWith = (secret: string) => {
      const timestamp = Math.floor(Date.now() / 1000);
      return fetch(`${receiver.baseUrl}/demo-receiver/${service.code}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_HEADERS.id]: 'msg_rotation',
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader([secret], 'msg_rotation', timestamp, '{}'),
        },
        body: '{}',
      });
    };
    try {
      await server.db.query(
        `update services set webhook_secret_previous = $2,
                webhook_secret_previous_expires_at = now() + interval '1 hour' where id = $1`,
        [service.id, previous],
      );
      expect((await postSignedWith(previous)).status).toBe(200);
      expect((await postSignedWith(service.webhook_secret)).status).toBe(200);
      await server.db.query(
        `update services set webhook_secret_previous_expires_at = now() - interval '1 second'
          where id = $1`,
        [service.id],
      );
      expect((await postSignedWith(previous)).status).toBe(401);
      expect((await postSignedWith(service.webhook_secret)).status).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it('sends a test delivery as a real one is sent and answers what came back', async () => {
    const receiver = await startLocalServer((_request, index, response) =>
      index === 0
        ? json(response, 200, { received: true })
        : response.writeHead(500).end('x'.repeat(10_000)),
    );
    const service = await createCallbackService(server.db, {
      callbackUrl: `${receiver.url}/hook`,
      tags: ['spam', 'violence'],
    });
    try {
      const ok = await admin.callOk(deliveryEndpoints.testDelivery, { params: { id: service.id } });
      expect(ok.data).toMatchObject({
        url: `${receiver.url}/hook`,
        status_code: 200,
        delivered: true,
        error: null,
        response_body: '{"received":true}',
      });
      expect(ok.data.latency_ms).toBeGreaterThanOrEqual(0);
      const sent = receiver.requests[0];
      expect(sent?.path).toBe('/hook');
      expect(String(sent?.headers[WEBHOOK_HEADERS.id])).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(verifies(service.webhook_secret, sent)).toBe(true);
      const body = JSON.parse(sent?.body ?? '{}') as { type: string; data: object };
      expect(body.type).toBe('content.moderated');
      expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(body.data).toMatchObject({
        content_id: 0,
        service: service.code,
        moderated_status: { spam: 1, violence: 0 },
        moderated_by: 'admin',
        message_type: 'text',
      });
      // The same keys, in the same (jsonb) order, as a real delivery's body.
      const realId = await decided(service.id);
      const [real] = await server.db.query<{ body: string }>(
        'select body from deliveries where content_id = $1',
        [realId],
      );
      const keysOf = (text: string) => {
        const parsed = JSON.parse(text) as { data: object };
        return [Object.keys(parsed), Object.keys(parsed.data)];
      };
      expect(keysOf(sent?.body ?? '{}')).toEqual(keysOf(real?.body ?? '{}'));
      // A test delivery is no delivery: nothing in the history.
      const history = await server.db.query(
        'select 1 from delivery_attempts where service_id = $1',
        [service.id],
      );
      expect(history).toHaveLength(0);

      const failing = await admin.callOk(deliveryEndpoints.testDelivery, {
        params: { id: service.id },
      });
      expect(failing.data).toMatchObject({ status_code: 500, delivered: false, error: null });
      expect(failing.data.response_body.length).toBeLessThanOrEqual(2_048);
    } finally {
      await settle(service.id);
      await receiver.close();
    }
  });

  it('refuses a test delivery to a private address, and one without a callback URL', async () => {
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 200, {}),
    );
    const service = await createCallbackService(server.db, { callbackUrl: receiver.url });
    const without = await createCallbackService(server.db, { callbackUrl: null });
    try {
      await putSetting(server.db, 'delivery_allow_private_urls', false);
      const refused = await admin.callOk(deliveryEndpoints.testDelivery, {
        params: { id: service.id },
      });
      expect(refused.data).toMatchObject({ status_code: null, delivered: false });
      expect(refused.data.error).toMatch(/^REFUSED: /);
      expect(receiver.requests).toHaveLength(0);

      const metadata = await createCallbackService(server.db, {
        callbackUrl: 'http://169.254.169.254/latest/meta-data',
      });
      const link = await admin.callOk(deliveryEndpoints.testDelivery, {
        params: { id: metadata.id },
      });
      expect(link.data.error).toMatch(/^REFUSED: /);

      const none = await admin.call(deliveryEndpoints.testDelivery, { params: { id: without.id } });
      expect(none.status).toBe(409);
      expect(none.body.message).toContain('no callback URL');
      const unknown = await admin.call(deliveryEndpoints.testDelivery, {
        params: { id: 2_000_000_000 },
      });
      expect(unknown.status).toBe(404);
    } finally {
      await putSetting(server.db, 'delivery_allow_private_urls', true);
      await receiver.close();
    }
  });

  it('pauses a service: nothing is attempted until resumed, then it continues where it left', async () => {
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 200, {}),
    );
    const service = await createCallbackService(server.db, { callbackUrl: receiver.url });
    // Only section_aggregators: the actions need nothing more.
    const aggregatorAdmin = await createUserWithPermissions(server.db, server.baseUrl, [
      'section_aggregators',
    ]);
    try {
      const paused = await aggregatorAdmin.client.call(deliveryEndpoints.pause, {
        params: { id: service.id },
      });
      expect(paused.status).toBe(200);
      expect(
        (await aggregatorAdmin.client.call(deliveryEndpoints.pause, { params: { id: service.id } }))
          .status,
      ).toBe(409);
      const contentId = await decided(service.id);
      await worker.runOnce();
      await worker.runOnce();
      expect(receiver.requests).toHaveLength(0);
      const row = await serviceRow(service.id);
      expect(row).toMatchObject({
        state: 'paused',
        waiting: 1,
        paused_by: aggregatorAdmin.username,
      });

      expect(
        (
          await aggregatorAdmin.client.call(deliveryEndpoints.resume, {
            params: { id: service.id },
          })
        ).status,
      ).toBe(200);
      await worker.runOnce();
      expect((await delivery(contentId)).status).toBe('delivered');
      expect((await serviceRow(service.id)).state).toBe('active');
      const actions = (await auditRows(server.db))
        .filter((entry) => entry.target_id === String(service.id))
        .map((entry) => entry.action);
      expect(actions).toEqual(['delivery.pause', 'delivery.resume']);
    } finally {
      await settle(service.id);
      await receiver.close();
    }
  });

  it('redelivers one failed delivery, then all failed ones, once the receiver recovers', async () => {
    await putSetting(server.db, 'delivery_max_attempts', 1);
    let healthy = false;
    const receiver = await startLocalServer((_request, _index, response) =>
      healthy ? json(response, 200, {}) : json(response, 500, { error: 'down' }),
    );
    const service = await createCallbackService(server.db, { callbackUrl: receiver.url });
    try {
      const ids = [await decided(service.id), await decided(service.id), await decided(service.id)];
      await worker.runOnce();
      for (const id of ids) expect((await delivery(id)).status).toBe('failed');
      expect((await serviceRow(service.id)).failed).toBe(3);

      const problems = await admin.callOk(deliveryEndpoints.problems, {
        params: { id: service.id },
      });
      expect(problems.data).toHaveLength(3);
      for (const problem of problems.data) {
        expect(problem.status).toBe('failed');
        expect(problem.attempt_history).toEqual([
          expect.objectContaining({ attempt: 1, status_code: 500, error_code: null }),
        ]);
        expect(problem.attempt_history[0]?.response_excerpt).toContain('down');
      }

      healthy = true;
      const [firstId, ...restIds] = ids;
      const one = (await delivery(firstId ?? 0)).id;
      expect((await admin.call(deliveryEndpoints.redeliver, { params: { id: one } })).status).toBe(
        200,
      );
      await worker.runOnce();
      expect((await delivery(firstId ?? 0)).status).toBe('delivered');
      for (const id of restIds) expect((await delivery(id)).status).toBe('failed');
      expect((await admin.call(deliveryEndpoints.redeliver, { params: { id: one } })).status).toBe(
        409,
      );
      expect(
        (await admin.call(deliveryEndpoints.redeliver, { params: { id: 2_000_000_000 } })).status,
      ).toBe(404);

      const all = await admin.callOk(deliveryEndpoints.redeliverFailed, {
        params: { id: service.id },
      });
      expect(all.data.count).toBe(2);
      await worker.runOnce();
      for (const id of ids) {
        expect(await delivery(id)).toMatchObject({ status: 'delivered', attempts: 2 });
      }
      expect((await auditRows(server.db, 'delivery.redeliver_failed')).at(-1)).toMatchObject({
        target_id: String(service.id),
        details: expect.objectContaining({ count: 2 }) as object,
      });
      expect(await auditRows(server.db, 'delivery.redeliver')).toHaveLength(1);
      const history = await server.db.query<{ attempt: number; status_code: number }>(
        `select a.attempt, a.status_code from delivery_attempts a
           join deliveries d on d.id = a.delivery_id
          where d.content_id = $1 order by a.attempt`,
        [firstId],
      );
      expect(history).toEqual([
        { attempt: 1, status_code: 500 },
        { attempt: 2, status_code: 200 },
      ]);
    } finally {
      await putSetting(server.db, 'delivery_max_attempts', 8);
      await settle(service.id);
      await receiver.close();
    }
  });

  it('computes the per-service figures from known deliveries and attempts', async () => {
    const service = await createCallbackService(server.db, { callbackUrl: 'http://example.test/' });
    const ids = [];
    for (let index = 0; index < 6; index += 1) ids.push(await decided(service.id));
    const deliveryIds = await server.db.query<{ id: number | string }>(
      'select id from deliveries where service_id = $1 order by id',
      [service.id],
    );
    const [d1, d2, d3, d4, d5, d6] = deliveryIds.map((row) => Number(row.id));
    const set = (id: number | undefined, fields: string) =>
      server.db.query(`update deliveries set ${fields} where id = $1`, [id]);
    // Two delivered today, one delivered yesterday (UTC), one given up, one waiting, one in flight.
    await set(d1, `status = 'delivered', delivered_at = now()`);
    await set(d2, `status = 'delivered', delivered_at = now()`);
    await set(
      d3,
      `status = 'delivered',
       delivered_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '1 hour'`,
    );
    await set(d4, `status = 'failed', last_code = '500'`);
    await set(d5, `next_attempt_at = now() + interval '1 hour'`);
    await set(d6, `claim_token = 'in-flight', next_attempt_at = now() + interval '1 hour'`);
    const attempt = (id: number | undefined, status: number, latency: number, ago: string) =>
      server.db.query(
        `insert into delivery_attempts
           (delivery_id, service_id, attempt, attempted_at, status_code, latency_ms, response_excerpt)
         values ($1, $2, 1, now() - $5::interval, $3, $4, $6)`,
        [id, service.id, status, latency, ago, `answer ${status}`],
      );
    await attempt(d1, 200, 100, '3 hours');
    await attempt(d2, 204, 200, '2 hours');
    await attempt(d3, 200, 300, '1 hour');
    await attempt(d4, 500, 400, '10 minutes');
    // Outside the 24-hour window: counted nowhere.
    await attempt(d4, 502, 9_000, '30 hours');

    const row = await serviceRow(service.id);
    expect(row).toMatchObject({
      state: 'active',
      waiting: 1,
      in_flight: 1,
      failed: 1,
      delivered_today: 2,
      attempts_window: 4,
      success_rate: 0.75,
      p50_latency_ms: 250,
      last_error: { code: '500', response: 'answer 500' },
    });
    // percentile_cont(0.95) of 100, 200, 300, 400: 300 + 0.85 × 100.
    expect(row.p95_latency_ms).toBeCloseTo(385);
    await settle(service.id);
  });
});
