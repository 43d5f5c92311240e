import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiContentEndpoints, aiModerationEndpoints } from '../../../../src/contract/ai-review';
import { DecisionWebhookSchema } from '../../../../src/contract/content';
import { reportEndpoints } from '../../../../src/contract/reports';
import type { Database } from '../../../../server/db/database';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  completion,
  json,
  startLocalServer,
  type LocalHttpServer,
} from '../../../support/delivery-fixtures';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { ingest, waitFor } from '../../../support/protocol';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, type TestServer } from '../../../support/test-server';

/**
 * "AI decides alone" (services.ai_decides_alone 'safe'): an item whose AI answer has no tag is
 * decided by the AI in the transaction that stores the answer, at ingest (an inline provider)
 * and in the AI worker (a remote one), with its delivery queued; operators never get it. Also
 * /aicontent's retry with a worker: a failed item is asked again and answered.
 */
describe('AI decides alone', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let fake: LocalHttpServer;
  let server: TestServer;
  /** While true, the fake provider fails every request about "flaky" items. */
  let flaky = true;

  beforeAll(async () => {
    fake = await startLocalServer((request, _index, response) => {
      const body = JSON.parse(request.body) as { messages: { content: unknown }[] };
      const content = JSON.stringify(body.messages[1]?.content);
      if (content.includes('flaky') && flaky) json(response, 500, { error: 'model crashed' });
      else if (content.includes('nothing')) {
        json(response, 200, completion('{"tags": [], "reasoning": "Nothing to see."}'));
      } else json(response, 200, completion('{"tags": ["spam"], "reasoning": "An advert."}'));
    });
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    await putSetting(db, 'ai_provider', 'openai');
    await putSetting(db, 'ai_base_url', `${fake.url}/v1`);
    await putSetting(db, 'ai_model', 'tiny');
    await putSetting(db, 'ai_max_attempts', 1);
    server = await startTestServer(db, { DEMO_FEEDER: '0' });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await prepared.dispose();
  });

  const itemOf = async (id: number) =>
    (
      await db.query<{
        status: string;
        decision_source: string | null;
        decided_by: number | null;
        decided_at: Date | null;
        moderated_status: Record<string, number> | null;
        ai_state: string;
      }>(
        `select status, decision_source, decided_by, decided_at, moderated_status, ai_state
           from contents where id = $1`,
        [id],
      )
    )[0];

  const deliveryOf = async (id: number) =>
    (
      await db.query<{ body: string }>('select body from deliveries where content_id = $1', [id])
    )[0];

  /** A service letting the AI decide alone, with a callback so decisions are delivered. */
  async function aloneService(aiProvider: 'default' | 'local') {
    const { service, token } = await createTestService(db, {
      callbackUrl: 'https://receiver.example/hook',
    });
    await db.query(
      `update services set ai_decides_alone = 'safe', ai_provider = $2 where id = $1`,
      [service.id, aiProvider],
    );
    return { service, token };
  }

  const base = { subscriber_id: 's-1', user_id: 'u-1', message_type: 'text' };

  it('decides an untagged item at ingest (inline provider), delivers it and keeps it from operators', async () => {
    const { service, token } = await aloneService('local');
    const answered = await ingest(server.baseUrl, token, [
      { ...base, content: 'a friendly hello' },
      { ...base, content: 'click here for free money' },
    ]);
    expect(answered.status).toBe(202);
    const [safe = 0, tagged = 0] = answered.body.data?.ids ?? [];

    const decided = await itemOf(safe);
    expect(decided).toMatchObject({
      status: 'decided',
      decision_source: 'ai',
      decided_by: null,
      ai_state: 'done',
      moderated_status: { nudity: 0, violence: 0, spam: 0, drugs: 0 },
    });
    expect(decided?.decided_at).not.toBeNull();
    const delivery = await deliveryOf(safe);
    const body = DecisionWebhookSchema.parse(JSON.parse(delivery?.body ?? '{}'));
    expect(body.data).toMatchObject({
      content_id: safe,
      service: service.code,
      moderated_by: null,
      moderated_status: { nudity: 0, violence: 0, spam: 0, drugs: 0 },
    });
    // A tagged answer waits for an operator, as before.
    expect(await itemOf(tagged)).toMatchObject({ status: 'pending', decision_source: null });
    expect(await deliveryOf(tagged)).toBeUndefined();

    // An operator asking for work gets the tagged item, never the decided one: the claim takes
    // pending items only. (The claim itself is covered by the moderation tests.)
    const pending = await db.query<{ id: number }>(
      `select id from contents where service_id = $1 and status = 'pending'`,
      [service.id],
    );
    expect(pending.map((row) => row.id)).toEqual([tagged]);

    // The AI review counts it as decided by the AI alone, outside the agreement figures.
    const admin = await createOperator(db, server.baseUrl, { role: 'admin' });
    const agreement = await admin.client.callOk(aiModerationEndpoints.agreement, {
      query: { service_id: service.id },
    });
    expect(agreement.data.services[0]).toMatchObject({ ai_alone: 1, compared: 0 });
    const rows = await admin.client.callOk(aiModerationEndpoints.search, {
      query: { service_id: service.id, agreement: 'ai_alone' },
    });
    expect(rows.data.map((row) => row.id)).toEqual([safe]);
    expect(rows.data[0]).toMatchObject({ decided_by: null, human_tags: [] });

    // The reports count it the moment it is decided, as decided by the AI.
    const now = new Date();
    const report = await admin.client.callOk(reportEndpoints.report, {
      query: {
        report: 'services',
        service_id: service.id,
        from: new Date(now.getTime() - 86_400_000).toISOString(),
        to: now.toISOString(),
      },
    });
    const totals = report.data.rows.reduce(
      (sum, row) => ({
        decided: sum.decided + ('decided' in row ? row.decided : 0),
        byAi: sum.byAi + ('by_ai' in row ? row.by_ai : 0),
      }),
      { decided: 0, byAi: 0 },
    );
    expect(totals).toEqual({ decided: 1, byAi: 1 });
  });

  it('decides an untagged item when the AI worker stores its answer', async () => {
    const { token } = await aloneService('default');
    const answered = await ingest(server.baseUrl, token, [
      { ...base, content: 'nothing here' },
      { ...base, content: 'buy my stuff' },
    ]);
    const [safe = 0, tagged = 0] = answered.body.data?.ids ?? [];
    await waitFor(
      async () =>
        (await itemOf(safe))?.status === 'decided' && (await itemOf(tagged))?.ai_state === 'done',
      'the worker answers both items',
    );
    expect(await itemOf(safe)).toMatchObject({ decision_source: 'ai', decided_by: null });
    const body = JSON.parse((await deliveryOf(safe))?.body ?? '{}') as {
      data: { moderated_by: unknown };
    };
    expect(body.data.moderated_by).toBeNull();
    expect(await itemOf(tagged)).toMatchObject({ status: 'pending', ai_state: 'done' });
  });

  it('leaves items of a service that never lets the AI decide to operators', async () => {
    const { service, token } = await createTestService(db);
    await db.query(`update services set ai_provider = 'local' where id = $1`, [service.id]);
    const answered = await ingest(server.baseUrl, token, [{ ...base, content: 'a plain text' }]);
    const [id = 0] = answered.body.data?.ids ?? [];
    await waitFor(async () => (await itemOf(id))?.ai_state === 'done', 'the AI answers');
    expect(await itemOf(id)).toMatchObject({ status: 'pending', decision_source: null });
  });

  it('retries a failed item through the worker, which answers it once the provider recovers', async () => {
    const { token } = await createTestService(db);
    const answered = await ingest(server.baseUrl, token, [{ ...base, content: 'flaky item' }]);
    const [id = 0] = answered.body.data?.ids ?? [];
    await waitFor(async () => (await itemOf(id))?.ai_state === 'failed', 'the AI step gives up');

    const admin = await createOperator(db, server.baseUrl, { role: 'admin' });
    const failed = await admin.client.callOk(aiContentEndpoints.items, {
      query: { state: 'failed' },
    });
    expect(failed.data.find((row) => row.id === id)?.error).toMatchObject({
      code: 'http_500',
      provider: 'openai:tiny',
    });
    flaky = false;
    const retried = await admin.client.callOk(aiContentEndpoints.retry, { params: { id } });
    expect(['pending', 'done']).toContain(retried.data.ai_state);
    await waitFor(async () => (await itemOf(id))?.ai_state === 'done', 'the worker answers it');
  });
});
