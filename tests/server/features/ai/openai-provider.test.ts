import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database';
import { AiWorker } from '../../../../server/features/ai/ai-worker';
import { claimContents } from '../../../../server/features/moderation/content-repository';
import {
  AiProviderError,
  createOpenAiProvider,
} from '../../../../server/features/ai/openai-provider';
import { putSetting } from '../../../../server/features/settings/settings-repository';
import {
  completion,
  createTestService,
  insertTestContent,
  json,
  silentLog,
  startLocalServer,
  userId,
  type LocalHttpServer,
  type ReceivedRequest,
} from '../../../support/delivery-fixtures';
import { openTestDatabase } from '../../../support/test-database';
import { waitFor } from '../../../support/test-server';

const TAGS = ['spam', 'violence', 'hate_speech'];
const input = (
  overrides: Partial<Parameters<ReturnType<typeof createOpenAiProvider>['suggest']>[0]> = {},
) => ({
  messageType: 'text' as const,
  content: 'buy now, free money',
  fileUrl: null,
  tags: TAGS,
  wordLists: {},
  ...overrides,
});

describe('the OpenAI-compatible provider against a local fake server', () => {
  let fake: LocalHttpServer;
  let behaviour: (request: ReceivedRequest, response: ServerResponse) => void;

  beforeAll(async () => {
    fake = await startLocalServer((request, _index, response) => behaviour(request, response));
  });
  afterAll(() => fake.close());

  const provider = (timeoutMs = 2_000) =>
    createOpenAiProvider({
      baseUrl: `${fake.url}/v1/`,
      apiKey: 'sk-test',
      model: 'tiny',
      timeoutMs,
      resolve: async (hostname) =>
        hostname === 'cdn.example'
          ? [{ address: '93.184.215.14', family: 4 }]
          : [{ address: '10.0.0.5', family: 4 }],
    });

  it('sends text as a chat completion and keeps only the service tags', async () => {
    behaviour = (_request, response) =>
      json(
        response,
        200,
        completion('```json\n{"tags": ["Spam", "nudity"], "reasoning": "Sells things."}\n```'),
      );
    const answer = await provider().suggest(input());
    expect(answer).toMatchObject({ tags: ['spam'], reasoning: 'Sells things.' });
    expect(answer?.responseTimeSeconds).toBeGreaterThanOrEqual(0);
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    const body = JSON.parse(sent?.body ?? '{}') as {
      model: string;
      messages: { role: string; content: unknown }[];
    };
    expect(body.model).toBe('tiny');
    expect(body.messages[0]?.content).toContain('hate_speech');
    expect(body.messages[1]).toEqual({ role: 'user', content: 'buy now, free money' });
  });

  it('refuses to hand the provider an image URL on an internal address', async () => {
    let asked = false;
    behaviour = (_request, response) => {
      asked = true;
      json(response, 200, completion('{"tags": [], "reasoning": "?"}'));
    };
    for (const url of ['http://intranet.local/secret.png', 'http://127.0.0.1:8080/x.png']) {
      const failure = await provider()
        .suggest(input({ messageType: 'image', content: url, fileUrl: null }))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toMatchObject({ aiStatus: 'refused_url' });
    }
    expect(asked).toBe(false);
  });

  it('sends an image as an image_url part, and no tag means SAFE', async () => {
    behaviour = (_request, response) =>
      json(response, 200, completion('{"tags": [], "reasoning": "A cat."}'));
    const answer = await provider().suggest(
      input({ messageType: 'image', content: 'https://cdn.example/cat.jpg', fileUrl: null }),
    );
    expect(answer?.tags).toEqual(['SAFE']);
    const body = JSON.parse(fake.requests.at(-1)?.body ?? '{}') as {
      messages: { content: unknown }[];
    };
    expect(body.messages[1]?.content).toEqual([
      { type: 'text', text: 'Moderate this image.' },
      { type: 'image_url', image_url: { url: 'https://cdn.example/cat.jpg' } },
    ]);
  });

  it('answers nothing for video without calling the server', async () => {
    const before = fake.requests.length;
    expect(await provider().suggest(input({ messageType: 'video' }))).toBeNull();
    expect(fake.requests).toHaveLength(before);
  });

  it('reports timeouts, HTTP errors and unusable answers', async () => {
    behaviour = () => {
      // never answers
    };
    await expect(provider(150).suggest(input())).rejects.toMatchObject({ aiStatus: 'timeout' });

    behaviour = (_request, response) => json(response, 429, { error: { message: 'slow down' } });
    const limited = await provider()
      .suggest(input())
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(AiProviderError);
    expect(limited).toMatchObject({ aiStatus: 'http_429' });
    expect((limited as AiProviderError).response).toContain('slow down');

    behaviour = (_request, response) => json(response, 200, completion('I cannot help with that.'));
    await expect(provider().suggest(input())).rejects.toMatchObject({
      aiStatus: 'invalid_answer',
    });
  });
});

describe('the AI worker', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let fake: LocalHttpServer;
  let behaviour: (request: ReceivedRequest, response: ServerResponse) => void;

  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase('demo'));
    fake = await startLocalServer((request, _index, response) => behaviour(request, response));
  });
  afterAll(async () => {
    await fake.close();
    await dispose();
  });

  const worker = (timeoutMs = 2_000) =>
    new AiWorker({
      db,
      provider: createOpenAiProvider({
        baseUrl: fake.url,
        apiKey: undefined,
        model: 'tiny',
        timeoutMs,
      }),
      log: silentLog,
      timeoutMs,
      pollMs: 20,
    });

  const contentAi = async (id: number) =>
    (
      await db.query<{
        ai_state: string;
        ai_attempts: number;
        ai_moderated_status: string[] | null;
        ai_other_details: { reasoning?: string; provider?: string } | null;
      }>(
        'select ai_state, ai_attempts, ai_moderated_status, ai_other_details from contents where id = $1',
        [id],
      )
    )[0];

  it('stores the answer of the provider', async () => {
    behaviour = (_request, response) =>
      json(response, 200, completion('{"tags": ["violence"], "reasoning": "A fight."}'));
    const service = await createTestService(db, { tags: TAGS });
    const id = await insertTestContent(db, service.id, { aiPending: true, content: 'a fight' });
    const running = worker();
    running.start();
    try {
      await waitFor(async () => (await contentAi(id))?.ai_state === 'done', 'the answer is stored');
      expect(await contentAi(id)).toMatchObject({
        ai_moderated_status: ['violence'],
        ai_other_details: { reasoning: 'A fight.', provider: 'openai:tiny' },
      });
    } finally {
      await running.stop();
    }
  });

  it('records each failure, retries, then lets the item reach operators with no AI answer', async () => {
    await putSetting(db, 'ai_max_attempts', 2);
    await putSetting(db, 'ai_retry_schedule_seconds', [0.05]);
    let calls = 0;
    behaviour = (_request, response) => {
      calls += 1;
      if (calls === 1) return; // the first attempt times out
      json(response, 502, { error: 'upstream down' });
    };
    const service = await createTestService(db, { tags: TAGS });
    const id = await insertTestContent(db, service.id, { aiPending: true });
    const running = worker(200);
    running.start();
    try {
      await waitFor(async () => (await contentAi(id))?.ai_state === 'failed', 'AI gives up');
    } finally {
      await running.stop();
    }
    expect(await contentAi(id)).toMatchObject({ ai_attempts: 2, ai_moderated_status: null });
    const failures = await db.query<{ ai_status: string; provider: string; response: string }>(
      'select ai_status, provider, response from ai_failures where content_id = $1',
      [id],
    );
    expect(failures).toEqual([
      {
        ai_status: 'http_502',
        provider: 'openai:tiny',
        response: expect.stringContaining('upstream down'),
      },
    ]);

    // An operator with a moderating socket can claim it at once, with no AI answer.
    const operator = await userId(db, 'operator');
    await db.query(
      `insert into moderation_presence (user_id, socket_id, node_id) values ($1, 'sock-ai', 'test')
       on conflict (user_id) do update set socket_id = 'sock-ai'`,
      [operator],
    );
    await db.query("update contents set bound_time = now() - interval '1 hour' where id = $1", [
      id,
    ]);
    const claim = await claimContents(db, {
      userId: operator,
      socketId: 'sock-ai',
      wanted: 100,
      maxContent: 100,
      leaseSeconds: 60,
      aiWaitSeconds: 3_600,
    });
    expect(claim.ids).toContain(id);
  });
});
