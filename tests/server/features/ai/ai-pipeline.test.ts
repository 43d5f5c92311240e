import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  completion,
  json,
  startLocalServer,
  type LocalHttpServer,
} from '../../../support/delivery-fixtures';
import { createTestService } from '../../../support/moderation-fixtures';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { ingest, waitFor } from '../../../support/protocol';

describe('the AI pipeline in a running server', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let fake: LocalHttpServer;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startLocalServer((request, _index, response) => {
      const body = JSON.parse(request.body) as { messages: { content: unknown }[] };
      const content = JSON.stringify(body.messages[1]?.content);
      if (content.includes('explode')) json(response, 500, { error: 'model crashed' });
      else if (content.includes('nul answer')) {
        // NUL and an unpaired surrogate: neither fits a PostgreSQL text or jsonb value.
        json(response, 200, completion('{"tags": ["spam"], "reasoning": "A\\u0000B \\ud800 C"}'));
      } else if (content.includes('nul failure')) {
        response.writeHead(502, { 'content-type': 'text/plain' }).end('bad\u0000gateway');
      } else json(response, 200, completion('{"tags": ["spam"], "reasoning": "An advert."}'));
    });
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    // The provider comes from the settings when the environment names none.
    await putSetting(db, 'ai_provider', 'openai');
    await putSetting(db, 'ai_base_url', `${fake.url}/v1`);
    await putSetting(db, 'ai_model', 'tiny');
    await putSetting(db, 'ai_max_attempts', 2);
    await putSetting(db, 'ai_retry_schedule_seconds', [0.05]);
    server = await startTestServer(db, { DEMO_FEEDER: '0' });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await prepared.dispose();
  });

  const aiOf = async (id: number) =>
    (
      await db.query<{ ai_state: string; ai_moderated_status: string[] | null }>(
        'select ai_state, ai_moderated_status from contents where id = $1',
        [id],
      )
    )[0];

  it('asks the configured provider about ingested items and records its failures', async () => {
    const { token } = await createTestService(db);
    const base = { subscriber_id: 's', user_id: 'u', message_type: 'text' };
    const answered = await ingest(server.baseUrl, token, [
      { ...base, content: 'cheap watches' },
      { ...base, content: 'please explode' },
    ]);
    expect(answered.status).toBe(202);
    const [good, bad] = answered.body.data?.ids ?? [];
    await waitFor(
      async () =>
        (await aiOf(good ?? 0))?.ai_state === 'done' &&
        (await aiOf(bad ?? 0))?.ai_state === 'failed',
      'one answer stored, one failure given up',
    );
    expect((await aiOf(good ?? 0))?.ai_moderated_status).toEqual(['spam']);

    const admin = await server.signIn('admin');
    const failed = await admin.get<{ data: { id: number; ai_status: string; ai_name: string }[] }>(
      '/api/aggregators/get/failed/ai-moderate',
    );
    expect(failed.body.data).toContainEqual(
      expect.objectContaining({ id: bad, ai_status: 'http_500', ai_name: 'openai:tiny' }),
    );
  });

  it('stores answers and failures with NUL bytes sanitised, never leaving an item pending', async () => {
    const { token } = await createTestService(db);
    const base = { subscriber_id: 's', user_id: 'u', message_type: 'text' };
    const answered = await ingest(server.baseUrl, token, [
      { ...base, content: 'a nul answer' },
      { ...base, content: 'a nul failure' },
    ]);
    const [withNul, failing] = answered.body.data?.ids ?? [];
    await waitFor(
      async () =>
        (await aiOf(withNul ?? 0))?.ai_state === 'done' &&
        (await aiOf(failing ?? 0))?.ai_state === 'failed',
      'both items leave the AI step',
    );
    const [details] = await db.query<{ ai_other_details: { reasoning: string } }>(
      'select ai_other_details from contents where id = $1',
      [withNul],
    );
    expect(details?.ai_other_details.reasoning).toBe('A\uFFFDB \uFFFD C');
    const [failure] = await db.query<{ response: string }>(
      'select response from ai_failures where content_id = $1',
      [failing],
    );
    expect(failure?.response).toContain('bad\uFFFDgateway');
  });
});
