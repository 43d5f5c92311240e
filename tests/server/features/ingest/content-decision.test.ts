import { describe, expect, it } from 'vitest';
import { DecisionWebhookSchema, ingestEndpoints } from '../../../../src/contract/content';
import { DECISION_TEXTS } from '../../../../server/features/ingest/content-decision-routes';
import {
  createCallbackService,
  decideWithDelivery,
  insertTestContent,
  userId,
} from '../../../support/delivery-fixtures';
import { createTestService } from '../../../support/moderation-fixtures';
import { serviceClient } from '../../../support/protocol';
import { issueServiceToken } from '../../../../server/features/services/service-token-repository';
import { useTestServer } from '../../../support/test-server';

describe('GET /api/v1/contents/:id', () => {
  // No delivery worker: the answers show the outbox as the decision left it, not an attempt made
  // meanwhile.
  const server = useTestServer({ env: { DELIVERY_WORKER: '0' } });
  const noCsrf = { csrf: false, requestedWith: false } as const;

  const read = (token: string, id: number) =>
    serviceClient(server.baseUrl, token).call(ingestEndpoints.decision, { params: { id } }, noCsrf);

  it("answers a decided item of the caller's service with the webhook body it was sent", async () => {
    const service = await createCallbackService(server.db, {
      callbackUrl: 'https://receiver.example.com/hook',
    });
    const { token } = await issueServiceToken(server.db, { serviceId: service.id });
    const id = await insertTestContent(server.db, service.id);
    await decideWithDelivery(server.db, id, await userId(server.db, 'admin'), {
      spam: 1,
      violence: 0,
    });

    const answer = await read(token, id);
    expect(answer.status).toBe(200);
    const decision = answer.body.data;
    expect(decision).toMatchObject({
      id,
      status: 'decided',
      moderated_status: { spam: 1, violence: 0 },
      decided_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(decision?.webhook).toMatchObject({ status: 'pending', attempts: 0 });
    // The very body in the outbox, so a service can process it as if it had been delivered.
    const stored = await server.db.query<{ webhook_id: string; body: string }>(
      'select webhook_id, body from deliveries where content_id = $1',
      [id],
    );
    expect(decision?.webhook?.webhook_id).toBe(stored[0]?.webhook_id);
    expect(decision?.webhook?.body).toEqual(JSON.parse(stored[0]?.body ?? 'null'));
    expect(DecisionWebhookSchema.parse(decision?.webhook?.body).data).toMatchObject({
      content_id: id,
      service: service.code,
      moderated_status: { spam: 1, violence: 0 },
      moderated_by: 'admin',
      decided_at: decision?.decided_at,
    });
  });

  it('answers an undecided item with its status and no decision', async () => {
    const { service, token } = await createTestService(server.db);
    const id = await insertTestContent(server.db, service.id);
    const answer = await read(token, id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id,
      status: 'pending',
      moderated_status: null,
      decided_at: null,
      bound_time: expect.any(String),
      webhook: null,
    });
  });

  it("answers 404 for another service's item, as for an id that does not exist", async () => {
    const mine = await createTestService(server.db);
    const theirs = await createTestService(server.db);
    const id = await insertTestContent(server.db, theirs.service.id);
    const other = await read(mine.token, id);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'not_found', message: DECISION_TEXTS.notFound(id) });
    const unknown = await read(mine.token, 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(DECISION_TEXTS.notFound(2_000_000_000));
  });

  it('answers 401 without a valid token and 422 for an id that is not one', async () => {
    const { service, token } = await createTestService(server.db);
    const id = await insertTestContent(server.db, service.id);
    const none = await server.client().get(`/api/v1/contents/${id}`);
    expect(none.status).toBe(401);
    expect((await read('not-a-token', id)).status).toBe(401);
    // A signed-in console user is not a service.
    const admin = await server.signIn('admin');
    expect((await admin.get(`/api/v1/contents/${id}`)).status).toBe(401);
    const bad = await serviceClient(server.baseUrl, token).get('/api/v1/contents/abc');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body as object)).toContain('fields');
  });
});
