import { beforeAll, describe, expect, it } from 'vitest';
import {
  FailedAiResponseSchema,
  FailedContentRequestsResponseSchema,
  FailedEndpointResponsesResponseSchema,
  StuckFailedResponseSchema,
  StuckPendingResponseSchema,
} from '../../../../src/contract/dashboard';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  allPermissionsExcept,
  createCallbackService,
  createUserWithPermissions,
  decideWithDelivery,
  insertTestContent,
  userId,
} from '../../../support/delivery-fixtures';
import { createTestService } from '../../../support/moderation-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';
import { ingest } from '../../../support/protocol';

const ROUTES = {
  requests: '/api/content/get/requests',
  responses: '/api/aggregators/get/responses',
  stuckPending: '/api/aggregators/get/stuck/pending',
  failedAi: '/api/aggregators/get/failed/ai-moderate',
  stuckFailed: '/api/aggregators/get/pending/stuckPending',
} as const;
const STUCK_ROUTES = [ROUTES.stuckPending, ROUTES.failedAi, ROUTES.stuckFailed];

describe('dashboard tables', () => {
  // No delivery worker here: the rows below are written as the worker would leave them.
  const server = useTestServer({ env: { DEMO_FEEDER: '0', DELIVERY_WORKER: '0' } });
  let admin: TestClient;
  const ids: Record<'stuck' | 'failedDelivery' | 'retrying' | 'failedAi', number> = {
    stuck: 0,
    failedDelivery: 0,
    retrying: 0,
    failedAi: 0,
  };

  beforeAll(async () => {
    const { db } = server;
    admin = await server.signIn('admin');
    const operator = await userId(db, 'operator');
    const service = await createCallbackService(db, { callbackUrl: 'https://hooks.example/x' });

    ids.stuck = await insertTestContent(db, service.id);
    await db.query("update contents set bound_time = now() - interval '2 hours' where id = $1", [
      ids.stuck,
    ]);
    await insertTestContent(db, service.id); // fresh: not stuck
    await putSetting(db, 'stuck_pending_minutes', 60);

    ids.failedDelivery = await insertTestContent(db, service.id);
    ids.retrying = await insertTestContent(db, service.id);
    await decideWithDelivery(db, ids.failedDelivery, operator, { spam: 1 });
    await decideWithDelivery(db, ids.retrying, operator, { spam: 0 });
    await db.query(
      `update deliveries set status = 'failed', attempts = 8, last_code = '500',
              last_response = 'receiver exploded', last_attempt_at = now() - interval '1 minute'
        where content_id = $1`,
      [ids.failedDelivery],
    );
    await db.query(
      `update deliveries set attempts = 2, last_code = 'TIMEOUT', last_response = 'no answer',
              last_attempt_at = now(), next_attempt_at = now() + interval '1 hour'
        where content_id = $1`,
      [ids.retrying],
    );

    ids.failedAi = await insertTestContent(db, service.id);
    await db.query(
      `insert into ai_failures (content_id, provider, ai_status, response, attempts)
       values ($1, 'openai:tiny', 'timeout', 'no answer within 20000 ms', 3)`,
      [ids.failedAi],
    );

    const { token } = await createTestService(db);
    const rejected = await ingest(server.baseUrl, token, { message_type: 'text' });
    expect(rejected.status).toBe(422);
  });

  it('serves Failed Content Requests', async () => {
    const response = await admin.get(ROUTES.requests);
    expect(response.status).toBe(200);
    const { data } = FailedContentRequestsResponseSchema.parse(response.body);
    expect(data[0]).toMatchObject({ type: 'validation' });
    expect(data[0]?.response).toContain('subscriber_id');
  });

  it('serves Failed End-Point Responses, newest first', async () => {
    const { data } = FailedEndpointResponsesResponseSchema.parse(
      (await admin.get(ROUTES.responses)).body,
    );
    expect(data.map((row) => [row.content_id, row.code, row.status, row.attempts])).toEqual([
      [ids.retrying, 'TIMEOUT', 'retrying', 2],
      [ids.failedDelivery, '500', 'failed', 8],
    ]);
    expect(data[1]?.response).toBe('receiver exploded');
  });

  it('serves Stuck Pending by the threshold setting', async () => {
    const { data } = StuckPendingResponseSchema.parse((await admin.get(ROUTES.stuckPending)).body);
    expect(data.map((row) => [row.id, row.status])).toEqual([[ids.stuck, 'pending']]);
  });

  it('serves Failed Ai Moderate', async () => {
    const { data } = FailedAiResponseSchema.parse((await admin.get(ROUTES.failedAi)).body);
    expect(data).toEqual([
      {
        id: ids.failedAi,
        ai_status: 'timeout',
        ai_name: 'openai:tiny',
        response: 'no answer within 20000 ms',
        bound_time: expect.any(String),
      },
    ]);
  });

  it('serves Stuck Failed: decided items whose delivery was given up', async () => {
    const { data } = StuckFailedResponseSchema.parse((await admin.get(ROUTES.stuckFailed)).body);
    expect(data).toEqual([
      {
        id: ids.failedDelivery,
        status: 'failed',
        moderated_status: '{"spam":1}',
        bound_time: expect.any(String),
      },
    ]);
  });

  it('needs section_dashboard for every table', async () => {
    const { client } = await createUserWithPermissions(
      server.db,
      server.baseUrl,
      allPermissionsExcept('section_dashboard'),
    );
    for (const route of Object.values(ROUTES)) {
      const response = await client.get(route);
      expect(response.status, route).toBe(403);
      expect(response.body).toMatchObject({
        ok: false,
        message: expect.stringContaining('section_dashboard'),
      });
    }
    for (const route of Object.values(ROUTES)) {
      expect((await server.client().get(route)).status, route).toBe(401);
    }
  });

  it('needs can_view_stuck_pending for the three stuck tables', async () => {
    const { client } = await createUserWithPermissions(
      server.db,
      server.baseUrl,
      allPermissionsExcept('can_view_stuck_pending'),
    );
    expect((await client.get(ROUTES.requests)).status).toBe(200);
    expect((await client.get(ROUTES.responses)).status).toBe(200);
    for (const route of STUCK_ROUTES) {
      const response = await client.get(route);
      expect(response.status, route).toBe(403);
      expect(response.body).toMatchObject({
        ok: false,
        message: expect.stringContaining('can_view_stuck_pending'),
      });
    }
  });
});
