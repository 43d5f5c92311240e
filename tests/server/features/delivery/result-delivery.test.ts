import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { findDeliveryByContent } from '../../../../server/features/delivery/delivery-repository';
import { issueServiceToken } from '../../../../server/features/services/service-token-repository';
import {
  WEBHOOK_HEADERS,
  displayWebhookSecret,
  verifyWebhook,
} from '../../../../server/features/delivery/webhook-signature';
import {
  fastDeliverySettings,
  json,
  startLocalServer,
  type LocalHttpServer,
} from '../../../support/delivery-fixtures';
import {
  createOperator,
  createTestService,
  type TestOperator,
} from '../../../support/moderation-fixtures';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, type TestServer } from '../../../support/test-server';
import {
  claimItems,
  ingestTexts,
  moderatedResult,
  submitResults,
  waitFor,
} from '../../../support/protocol';

/** Takes moderation on a socket, claims `count` items and submits a decision for each. */
async function moderateAndSubmit(server: TestServer, operator: TestOperator, count: number) {
  const { socket, ids } = await claimItems(server.baseUrl, operator, count);
  try {
    const response = await submitResults(
      operator.client,
      ids.map((id) => moderatedResult(operator, id, { total_contents: ids.length })),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.map((item) => item.status)).toEqual(ids.map(() => 'stored'));
    return ids;
  } finally {
    socket.close();
  }
}

describe('result delivery through the submit path', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let receiver: LocalHttpServer;
  let secret = '';
  const verified: string[] = [];

  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    await fastDeliverySettings(db);
    receiver = await startLocalServer((request, _index, response) => {
      const valid = verifyWebhook(
        displayWebhookSecret(secret),
        {
          id: String(request.headers[WEBHOOK_HEADERS.id]),
          timestamp: String(request.headers[WEBHOOK_HEADERS.timestamp]),
          signature: String(request.headers[WEBHOOK_HEADERS.signature]),
        },
        request.body,
      );
      if (valid) verified.push(String(request.headers[WEBHOOK_HEADERS.id]));
      json(response, valid ? 204 : 401, {});
    });
  });
  afterAll(async () => {
    await receiver.close();
    await prepared.dispose();
  });

  it('delivers a decision made by an operator, even after a crash before the worker ran', async () => {
    // The first server never runs its delivery worker: it "crashes" between decision and delivery.
    const first = await startTestServer(db, { DEMO_FEEDER: '0', DELIVERY_WORKER: '0' });
    let ids: number[];
    try {
      const { service, token } = await createTestService(db, { callbackUrl: receiver.url });
      secret =
        (
          await db.query<{ webhook_secret: string }>(
            'select webhook_secret from services where id = $1',
            [service.id],
          )
        )[0]?.webhook_secret ?? '';
      expect(secret).toMatch(/^whsec_/);
      await ingestTexts(first.baseUrl, token, 3);
      const operator = await createOperator(db, first.baseUrl);
      ids = await moderateAndSubmit(first, operator, 3);
      expect(ids).toHaveLength(3);
      // Written with the decision itself: present as soon as the submit was answered.
      for (const id of ids) {
        expect(await findDeliveryByContent(db, id)).toMatchObject({
          status: 'pending',
          attempts: 0,
        });
      }
    } finally {
      await first.close();
    }
    expect(receiver.requests).toHaveLength(0);

    const second = await startTestServer(db, { DEMO_FEEDER: '0' });
    try {
      await waitFor(async () => {
        const rows = await Promise.all(ids.map((id) => findDeliveryByContent(db, id)));
        return rows.every((row) => row?.status === 'delivered');
      }, 'the restarted server delivers all three');
      const rows = await Promise.all(ids.map((id) => findDeliveryByContent(db, id)));
      expect(rows.map((row) => row?.attempts)).toEqual([1, 1, 1]);
      expect(new Set(verified)).toEqual(new Set(rows.map((row) => row?.webhook_id)));
      const bodies = receiver.requests.map(
        (request) => JSON.parse(request.body) as { data: { content_id: number } },
      );
      expect(bodies.map((body) => body.data.content_id).sort()).toEqual([...ids].sort());
    } finally {
      await second.close();
    }
  });
});

describe('the demo receiver', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  beforeAll(async () => {
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
  });
  afterAll(() => prepared.dispose());

  it('receives and verifies the deliveries of the demo services in demo mode', async () => {
    const server = await startTestServer(db, { SEED_DEMO: '1', DEMO_FEEDER: '0' });
    try {
      const [service] = await db.query<{ id: number; code: string }>(
        "select id, code from services where code = 'demo-social'",
      );
      expect(service).toBeDefined();
      // The seed's token was shown once at start; the test issues its own.
      const demoToken = await issueServiceToken(db, { serviceId: service?.id ?? 0 });
      await ingestTexts(server.baseUrl, demoToken.token, 1);
      const operator = await createOperator(db, server.baseUrl);
      const [id] = await moderateAndSubmit(server, operator, 1);
      await waitFor(
        async () => (await findDeliveryByContent(db, id ?? 0))?.status === 'delivered',
        'the demo receiver accepts the delivery',
      );
      const received = await db.query<{ signature_valid: boolean; service_code: string }>(
        'select signature_valid, service_code from demo_receiver_deliveries',
      );
      expect(received).toEqual([{ signature_valid: true, service_code: 'demo-social' }]);
    } finally {
      await server.close();
    }
  });
});
