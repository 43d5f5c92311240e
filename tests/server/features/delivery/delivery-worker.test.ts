import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { findDeliveryByContent } from '../../../../server/features/delivery/delivery-repository';
import { DeliveryWorker } from '../../../../server/features/delivery/delivery-worker';
import {
  WEBHOOK_HEADERS,
  displayWebhookSecret,
  verifyWebhook,
} from '../../../../server/features/delivery/webhook-signature';
import {
  createCallbackService,
  decideWithDelivery,
  fastDeliverySettings,
  insertTestContent,
  json,
  silentLog,
  startLocalServer,
  userId,
} from '../../../support/delivery-fixtures';
import { openTestDatabase } from '../../../support/test-database';
import { waitFor } from '../../../support/protocol';

describe('result delivery worker', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let operator: number;
  const workers: DeliveryWorker[] = [];

  const startWorker = (
    resolve?: (host: string) => Promise<{ address: string; family: 4 | 6 }[]>,
  ) => {
    const worker = new DeliveryWorker({
      db,
      log: silentLog,
      pollMs: 20,
      ...(resolve ? { resolve } : {}),
    });
    workers.push(worker);
    worker.start();
    return worker;
  };

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase('demo'));
    operator = await userId(db, 'operator');
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await dispose();
  });

  it('retries a receiver that fails twice, with one webhook-id and a valid signature', async () => {
    await fastDeliverySettings(db);
    let verified = 0;
    const receiver = await startLocalServer((request, index, response) => {
      if (index < 2) {
        json(response, 503, { error: `busy ${index}` });
        return;
      }
      const valid = verifyWebhook(
        displayWebhookSecret(service.webhook_secret),
        {
          id: String(request.headers[WEBHOOK_HEADERS.id]),
          timestamp: String(request.headers[WEBHOOK_HEADERS.timestamp]),
          signature: String(request.headers[WEBHOOK_HEADERS.signature]),
        },
        request.body,
      );
      if (valid) verified += 1;
      json(response, valid ? 200 : 401, { ok: valid });
    });
    const service = await createCallbackService(db, { callbackUrl: `${receiver.url}/hook` });
    const contentId = await insertTestContent(db, service.id);
    await decideWithDelivery(db, contentId, operator, { spam: 1, violence: 0 });
    const worker = startWorker();
    try {
      await waitFor(
        async () => (await findDeliveryByContent(db, contentId))?.status === 'delivered',
        'the delivery succeeds on the third attempt',
      );
      const delivery = await findDeliveryByContent(db, contentId);
      expect(delivery?.attempts).toBe(3);
      expect(delivery?.last_code).toBe('200');
      expect(verified).toBe(1);
      expect(receiver.requests).toHaveLength(3);
      const ids = new Set(receiver.requests.map((request) => request.headers[WEBHOOK_HEADERS.id]));
      expect(ids).toEqual(new Set([delivery?.webhook_id]));
      // Every attempt carries the same body: the decision as it was made.
      expect(new Set(receiver.requests.map((request) => request.body)).size).toBe(1);
      const body = JSON.parse(receiver.requests[0]?.body ?? '{}') as {
        type: string;
        data: { content_id: number; moderated_status: unknown; moderated_by: string };
      };
      expect(body.type).toBe('content.moderated');
      expect(body.data).toMatchObject({
        content_id: contentId,
        moderated_status: { spam: 1, violence: 0 },
        moderated_by: 'operator',
      });
      const signature = String(receiver.requests[2]?.headers[WEBHOOK_HEADERS.signature]);
      expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('keeps the failure for the dashboard and gives up after the attempt limit', async () => {
    await fastDeliverySettings(db, { maxAttempts: 3 });
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 500, { error: 'receiver is broken' }),
    );
    const service = await createCallbackService(db, { callbackUrl: receiver.url });
    const contentId = await insertTestContent(db, service.id);
    await decideWithDelivery(db, contentId, operator);
    const worker = startWorker();
    try {
      await waitFor(
        async () => (await findDeliveryByContent(db, contentId))?.status === 'failed',
        'the delivery is given up',
      );
      const delivery = await findDeliveryByContent(db, contentId);
      expect(delivery).toMatchObject({ attempts: 3, last_code: '500' });
      expect(delivery?.last_response).toContain('receiver is broken');
      expect(receiver.requests).toHaveLength(3);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('records an answer with NUL bytes, sanitised, and sends the delivery once', async () => {
    await fastDeliverySettings(db, { maxAttempts: 3 });
    const receiver = await startLocalServer((_request, _index, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\u0000done \u0000'),
    );
    const failing = await startLocalServer((_request, _index, response) =>
      response.writeHead(500, { 'content-type': 'text/plain' }).end('broken\u0000'),
    );
    const service = await createCallbackService(db, { callbackUrl: receiver.url });
    const broken = await createCallbackService(db, { callbackUrl: failing.url });
    const delivered = await insertTestContent(db, service.id);
    const refused = await insertTestContent(db, broken.id);
    await decideWithDelivery(db, delivered, operator);
    await decideWithDelivery(db, refused, operator);
    const worker = startWorker();
    try {
      await waitFor(
        async () =>
          (await findDeliveryByContent(db, delivered))?.status === 'delivered' &&
          (await findDeliveryByContent(db, refused))?.status === 'failed',
        'both deliveries settle',
      );
      expect(await findDeliveryByContent(db, delivered)).toMatchObject({
        attempts: 1,
        last_response: 'ok\uFFFDdone \uFFFD',
      });
      expect((await findDeliveryByContent(db, refused))?.last_response).toBe('broken\uFFFD');
      expect(receiver.requests).toHaveLength(1);
      expect(failing.requests).toHaveLength(3);
    } finally {
      await worker.stop();
      await receiver.close();
      await failing.close();
    }
  });

  it('times out a receiver that never answers', async () => {
    await fastDeliverySettings(db, { maxAttempts: 1, timeoutMs: 200 });
    const receiver = await startLocalServer(() => {
      // never answers
    });
    const service = await createCallbackService(db, { callbackUrl: receiver.url });
    const contentId = await insertTestContent(db, service.id);
    await decideWithDelivery(db, contentId, operator);
    const worker = startWorker();
    try {
      await waitFor(
        async () => (await findDeliveryByContent(db, contentId))?.status === 'failed',
        'the delivery times out',
      );
      expect(await findDeliveryByContent(db, contentId)).toMatchObject({
        attempts: 1,
        last_code: 'TIMEOUT',
      });
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('refuses callbacks to loopback and private addresses unless allowed', async () => {
    await fastDeliverySettings(db, { maxAttempts: 1, allowPrivate: false });
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 200, { ok: true }),
    );
    // One name that resolves to a public and a private address: every address is checked.
    const resolve = async (host: string) =>
      host === 'mixed.example'
        ? [
            { address: '93.184.216.34', family: 4 as const },
            { address: '10.1.2.3', family: 4 as const },
          ]
        : [{ address: '127.0.0.1', family: 4 as const }];
    const direct = await createCallbackService(db, { callbackUrl: `${receiver.url}/hook` });
    const mapped = await createCallbackService(db, {
      callbackUrl: `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
    });
    const mixed = await createCallbackService(db, { callbackUrl: 'http://mixed.example/hook' });
    const ids = [
      await insertTestContent(db, direct.id),
      await insertTestContent(db, mapped.id),
      await insertTestContent(db, mixed.id),
    ];
    for (const id of ids) await decideWithDelivery(db, id, operator);
    const worker = startWorker(resolve);
    try {
      await waitFor(async () => {
        const rows = await Promise.all(ids.map((id) => findDeliveryByContent(db, id)));
        return rows.every((row) => row?.status === 'failed');
      }, 'all three are refused');
      for (const id of ids) {
        const delivery = await findDeliveryByContent(db, id);
        expect(delivery?.last_code).toBe('REFUSED');
        expect(delivery?.last_response).toMatch(/loopback, private or link-local/);
      }
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });

  it('two workers on one database send each delivery once', async () => {
    await fastDeliverySettings(db);
    const receiver = await startLocalServer((_request, _index, response) =>
      json(response, 200, { ok: true }),
    );
    const service = await createCallbackService(db, { callbackUrl: receiver.url });
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) ids.push(await insertTestContent(db, service.id));
    for (const id of ids) await decideWithDelivery(db, id, operator);
    const first = startWorker();
    const second = startWorker();
    try {
      await waitFor(async () => {
        const rows = await db.query<{ count: number }>(
          `select count(*)::int as count from deliveries
            where content_id = any($1::bigint[]) and status = 'delivered'`,
          [ids],
        );
        return rows[0]?.count === ids.length;
      }, 'all 30 are delivered');
      const webhookIds = receiver.requests.map((request) => request.headers[WEBHOOK_HEADERS.id]);
      expect(webhookIds).toHaveLength(ids.length);
      expect(new Set(webhookIds).size).toBe(ids.length);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await receiver.close();
    }
  });
});
