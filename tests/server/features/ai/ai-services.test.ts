import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_SERVICES_TEXTS,
  aiServicesEndpoints,
  type AiProviderRow,
} from '../../../../src/contract/ai-services';
import type { Database } from '../../../../server/db/database';
import { AiCallRecorder } from '../../../../server/features/ai/ai-call-recorder';
import { pruneAiCalls } from '../../../../server/features/ai/ai-call-repository';
import { AiProviderError } from '../../../../server/features/ai/openai-provider';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  completion,
  json,
  silentLog,
  startLocalServer,
  type LocalHttpServer,
} from '../../../support/delivery-fixtures';
import { createTestService } from '../../../support/moderation-fixtures';
import { sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import { ingest, textItem, waitFor } from '../../../support/protocol';
import { prepareTestDatabase, type PreparedTestDatabase } from '../../../support/test-database';
import { startTestServer, useTestServer, type TestServer } from '../../../support/test-server';

const providerOf = (providers: AiProviderRow[], id: 'local' | 'remote') => {
  const row = providers.find((provider) => provider.id === id);
  if (!row) throw new Error(`no ${id} provider listed`);
  return row;
};

describe('/aiservices with the built-in provider only', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
  });

  it('lists the local provider as the default, with the services that use it', async () => {
    const { service: quiet } = await createTestService(server.db, { name: 'Quiet' });
    await server.db.query("update services set ai_provider = 'none' where id = $1", [quiet.id]);
    const { service: own } = await createTestService(server.db, { name: 'Own words' });
    await server.db.query("update services set ai_provider = 'local' where id = $1", [own.id]);
    const list = (await admin.client.callOk(aiServicesEndpoints.list, {})).data;
    expect(list.providers.map((provider) => provider.id)).toEqual(['local']);
    const local = providerOf(list.providers, 'local');
    expect(local).toMatchObject({ name: 'local', kind: 'local', is_default: true, base_url: null });
    expect(local.services).toContainEqual({ id: own.id, name: 'Own words', choice: 'local' });
    expect(local.services.map((service) => service.id)).not.toContain(quiet.id);
    expect(list.without_ai).toContainEqual({ id: quiet.id, name: 'Quiet' });
    expect(list.window_minutes).toBe(60);
  });

  it('tests the local provider with a sample text and counts the call', async () => {
    const before = providerOf(
      (await admin.client.callOk(aiServicesEndpoints.list, {})).data.providers,
      'local',
    ).health.calls;
    const answer = await admin.client.callOk(aiServicesEndpoints.test, {
      body: { provider: 'local', text: 'Click here for free money' },
    });
    expect(answer.data).toMatchObject({ ok: true, provider: 'local', tags: ['spam'], error: null });
    expect(answer.data.reasoning).toContain("'click here'");
    expect(answer.data.latency_ms).toBeGreaterThanOrEqual(0);
    const after = providerOf(
      (await admin.client.callOk(aiServicesEndpoints.list, {})).data.providers,
      'local',
    ).health.calls;
    expect(after).toBe(before + 1);

    const remote = await admin.client.call(aiServicesEndpoints.test, {
      body: { provider: 'remote', text: 'hello' },
    });
    expect(remote.status).toBe(422);
    expect(remote.body).toMatchObject({ fields: { provider: AI_SERVICES_TEXTS.noRemote } });
    const blank = await admin.client.call(aiServicesEndpoints.test, {
      body: { provider: 'local', text: '   ' },
    });
    expect(blank.status).toBe(422);
    const operator = await sessionFor(server.db, server.baseUrl, 'operator');
    expect((await operator.client.call(aiServicesEndpoints.list, {})).status).toBe(403);
  });

  it('computes the health of the last hour from the record of calls', async () => {
    await server.app.ai.calls.flush();
    await server.db.query('delete from ai_calls');
    // 20 calls within the hour: 10, 20, ... 200 ms, four failed; and two older ones that do not count.
    await server.db.query(
      `insert into ai_calls (provider, started_at, duration_ms, ok, error_code)
       select 'local', now() - interval '10 minutes', g * 10, g % 5 <> 0,
              case when g % 5 = 0 then 'timeout' end
         from generate_series(1, 20) g
       union all
       select 'local', now() - interval '2 hours', 5000, false, 'network' from generate_series(1, 2)`,
    );
    const health = providerOf(
      (await admin.client.callOk(aiServicesEndpoints.list, {})).data.providers,
      'local',
    ).health;
    // percentile_cont: p50 between the 10th and 11th (100, 110), p95 at 0.95 * 19 = 18.05.
    expect(health).toEqual({ calls: 20, failures: 4, p50_ms: 105, p95_ms: 190.5 });

    await server.db.query(
      `insert into ai_calls (provider, started_at, duration_ms, ok)
       values ('local', now() - interval '8 days', 1, true)`,
    );
    expect(await pruneAiCalls(server.db, 7)).toBe(1);
    const [left] = await server.db.query<{ count: number }>(
      'select count(*)::int as count from ai_calls',
    );
    expect(left?.count).toBe(22);
  });
});

describe('the record of AI calls', () => {
  it('records answers and failures, buffered until a flush, and fails as the provider does', async () => {
    const prepared = await prepareTestDatabase('migrated');
    const db = await prepared.open();
    try {
      const recorder = new AiCallRecorder(db, silentLog);
      let fail = false;
      const provider = recorder.wrap({
        name: 'fake',
        inline: true,
        suggest: async () => {
          if (fail) throw new AiProviderError('http_503', 'busy');
          return { tags: ['SAFE'], responseTimeSeconds: 0, reasoning: '' };
        },
      });
      const input = {
        messageType: 'text' as const,
        content: 'x',
        fileUrl: null,
        tags: [],
        wordLists: {},
      };
      await provider.suggest(input);
      fail = true;
      await expect(provider.suggest(input)).rejects.toThrow('http_503');
      expect(await db.query('select 1 from ai_calls')).toHaveLength(0);
      await recorder.stop();
      const rows = await db.query<{ provider: string; ok: boolean; error_code: string | null }>(
        'select provider, ok, error_code from ai_calls order by id',
      );
      expect(rows).toEqual([
        { provider: 'fake', ok: true, error_code: null },
        { provider: 'fake', ok: false, error_code: 'http_503' },
      ]);
    } finally {
      await prepared.dispose();
    }
  });
});

describe('/aiservices with an OpenAI-compatible provider, and each service choosing its own', () => {
  let prepared: PreparedTestDatabase;
  let db: Database;
  let fake: LocalHttpServer;
  let server: TestServer;
  let admin: SignedInUser;

  beforeAll(async () => {
    fake = await startLocalServer((request, _index, response) => {
      const body = JSON.parse(request.body) as { messages: { content: unknown }[] };
      if (JSON.stringify(body.messages[1]?.content).includes('explode')) {
        json(response, 500, { error: 'model crashed' });
      } else json(response, 200, completion('{"tags": ["violence"], "reasoning": "A fight."}'));
    });
    prepared = await prepareTestDatabase('demo');
    db = await prepared.open();
    await putSetting(db, 'ai_provider', 'openai');
    await putSetting(db, 'ai_base_url', `${fake.url}/v1`);
    await putSetting(db, 'ai_model', 'tiny');
    server = await startTestServer(db, { DEMO_FEEDER: '0' });
    admin = await sessionFor(db, server.baseUrl, 'admin');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await prepared.dispose();
  });

  const aiOf = async (id: number) =>
    (
      await db.query<{
        ai_state: string;
        ai_moderated_status: string[] | null;
        ai_other_details: { provider?: string } | null;
      }>('select ai_state, ai_moderated_status, ai_other_details from contents where id = $1', [id])
    )[0];

  it("answers each service's items with the provider it chose", async () => {
    const none = await createTestService(db, { name: 'No AI' });
    const local = await createTestService(db, { name: 'Word lists' });
    const remote = await createTestService(db, { name: 'Model' });
    await db.query("update services set ai_provider = 'none' where id = $1", [none.service.id]);
    await db.query("update services set ai_provider = 'local' where id = $1", [local.service.id]);
    const requestsBefore = fake.requests.length;

    const [noneId] = (await ingest(server.baseUrl, none.token, [textItem(1)])).body.data?.ids ?? [];
    const [localId] =
      (await ingest(server.baseUrl, local.token, [textItem(2, { content: 'free money inside' })]))
        .body.data?.ids ?? [];
    const [remoteId] =
      (await ingest(server.baseUrl, remote.token, [textItem(3)])).body.data?.ids ?? [];

    // 'none': no AI step at all; 'local': answered at ingest by the word lists.
    expect(await aiOf(noneId ?? 0)).toMatchObject({ ai_state: 'none', ai_moderated_status: null });
    expect(await aiOf(localId ?? 0)).toMatchObject({
      ai_state: 'done',
      ai_moderated_status: ['spam'],
      ai_other_details: { provider: 'local' },
    });
    // 'default': the configured model, through the worker.
    await waitFor(async () => (await aiOf(remoteId ?? 0))?.ai_state === 'done', 'remote answer');
    expect(await aiOf(remoteId ?? 0)).toMatchObject({
      ai_moderated_status: ['violence'],
      ai_other_details: { provider: 'openai:tiny' },
    });
    expect(fake.requests.length - requestsBefore).toBe(1);

    const list = (await admin.client.callOk(aiServicesEndpoints.list, {})).data;
    const remoteRow = providerOf(list.providers, 'remote');
    expect(remoteRow).toMatchObject({
      name: 'openai:tiny',
      kind: 'openai',
      is_default: true,
      base_url: `${fake.url}/v1`,
      model: 'tiny',
    });
    expect(remoteRow.services.map((service) => service.name)).toContain('Model');
    expect(remoteRow.health.calls).toBeGreaterThanOrEqual(1);
    const localRow = providerOf(list.providers, 'local');
    expect(localRow.is_default).toBe(false);
    expect(localRow.services).toEqual([
      { id: local.service.id, name: 'Word lists', choice: 'local' },
    ]);
    expect(list.without_ai).toContainEqual({ id: none.service.id, name: 'No AI' });
  });

  it('tests the remote provider: its answer, or its error with the latency', async () => {
    const good = await admin.client.callOk(aiServicesEndpoints.test, {
      body: { provider: 'remote', text: 'They started a fight' },
    });
    expect(good.data).toMatchObject({
      ok: true,
      provider: 'openai:tiny',
      tags: ['violence'],
      reasoning: 'A fight.',
    });
    const bad = await admin.client.callOk(aiServicesEndpoints.test, {
      body: { provider: 'remote', text: 'please explode' },
    });
    expect(bad.data).toMatchObject({ ok: false, tags: null, error: { code: 'http_500' } });
    expect(bad.data.error?.message).toContain('model crashed');
    const list = (await admin.client.callOk(aiServicesEndpoints.list, {})).data;
    expect(providerOf(list.providers, 'remote').health.failures).toBeGreaterThanOrEqual(1);
  });
});
