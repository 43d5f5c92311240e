import { beforeAll, describe, expect, it } from 'vitest';
import {
  aiContentEndpoints,
  aiModerationEndpoints,
  type ServiceAgreement,
} from '../../../../src/contract/ai-review';
import { serviceTokenEndpoints } from '../../../../src/contract/service-tokens';
import { storeAiAnswer } from '../../../../server/features/ai/ai-job-repository';
import {
  decideAs,
  seedAiItem,
  seedFailedAiItem,
  type AiItem,
  type Decision,
} from '../../../support/ai-review-fixtures';
import { csvRecords } from '../../../support/csv';
import { createCallbackService } from '../../../support/delivery-fixtures';
import { createOperator, type TestOperator } from '../../../support/moderation-fixtures';
import { useTestServer } from '../../../support/test-server';

/**
 * /ai-moderation and /aicontent on a small hand-made set: items get their AI answers and their
 * decisions through the server's own repositories (the decision through storeSubmissions, as an
 * operator's submit stores it), so the agreement figures are the ones the real paths keep.
 */
describe('AI review', () => {
  const server = useTestServer();
  let admin: TestOperator;
  let operator: TestOperator;
  let serviceId: number;
  let otherServiceId: number;
  const ids: Record<string, number> = {};

  const db = () => server.db;

  const seedItem = (service: number, item: AiItem) => seedAiItem(db(), service, operator, item);

  const decide = async (id: number, decision: Decision) => {
    expect(await decideAs(db(), operator, id, decision)).toBe('stored');
  };

  beforeAll(async () => {
    admin = await createOperator(db(), server.baseUrl, { role: 'admin' });
    operator = await createOperator(db(), server.baseUrl);
    const service = await createCallbackService(db(), { tags: ['spam', 'violence', 'drugs'] });
    serviceId = service.id;
    otherServiceId = (await createCallbackService(db(), { tags: ['spam'] })).id;
    const day = '2025-03-10T';
    const none = { spam: 0, violence: 0, drugs: 0 } as const;
    ids.a = await seedItem(serviceId, {
      ai: ['spam'],
      arrival: `${day}08:00:00Z`,
      responseMs: 200,
      decision: { ...none, spam: 1 },
    });
    ids.b = await seedItem(serviceId, {
      ai: ['spam', 'violence'],
      arrival: `${day}09:00:00Z`,
      responseMs: 900,
      decision: { ...none, spam: 1 },
    });
    ids.c = await seedItem(serviceId, {
      ai: ['SAFE'],
      arrival: `${day}10:00:00Z`,
      responseMs: 1500,
      decision: { ...none, violence: 1 },
    });
    ids.d = await seedItem(serviceId, {
      ai: ['SAFE'],
      arrival: `${day}11:00:00Z`,
      responseMs: 300,
      // The decision's type cannot spell the custom tag beside the 0/1 tags; the wire can.
      decision: { ...none, additional: 'odd one' } as unknown as Decision,
    });
    ids.e = await seedItem(serviceId, {
      ai: ['drugs'],
      arrival: `${day}12:00:00Z`,
      responseMs: 2500,
      decision: { ...none, spam: 1 },
      content: '=HYPERLINK("http://evil.example"), "quoted", and\na new line',
      reasoning: '+1 is not a formula',
    });
    // Decided before its AI answer came: it counts when the answer is stored.
    ids.f = await seedItem(serviceId, {
      ai: 'pending',
      arrival: `${day}13:00:00Z`,
      decision: { spam: 1 },
    });
    await db().transaction((tx) =>
      storeAiAnswer(tx, ids.f ?? 0, 'test-ai', {
        tags: ['spam'],
        responseTimeSeconds: 0.4,
        reasoning: 'late',
      }),
    );
    // Not counted: undecided, and decided without an AI answer.
    ids.g = await seedItem(serviceId, { ai: ['violence'], arrival: `${day}14:00:00Z` });
    ids.h = await seedItem(serviceId, {
      ai: null,
      arrival: `${day}15:00:00Z`,
      decision: { ...none, drugs: 1 },
    });
    // Another day, and another service.
    ids.i = await seedItem(serviceId, {
      ai: ['spam'],
      arrival: '2025-03-01T12:00:00Z',
      decision: { ...none, spam: 1 },
    });
    ids.j = await seedItem(otherServiceId, {
      ai: ['spam'],
      arrival: `${day}16:00:00Z`,
      decision: { spam: 0 },
    });
  });

  const RANGE = { from: '2025-03-10T00:00:00.000Z', to: '2025-03-10T23:59:59.999Z' };

  const search = async (query: Record<string, string | number>) =>
    admin.client.callOk(aiModerationEndpoints.search, { query: { ...RANGE, ...query } as never });

  const figures = (services: ServiceAgreement[], id: number) =>
    services.find((service) => service.service_id === id);

  it('computes precision and recall per service and tag, with counts, as worked out by hand', async () => {
    const answer = await admin.client.callOk(aiModerationEndpoints.agreement, { query: RANGE });
    expect(answer.data.from_day).toBe('2025-03-10');
    expect(answer.data.to_day).toBe('2025-03-10');
    const mine = figures(answer.data.services, serviceId);
    expect(mine).toMatchObject({ compared: 6, agreed: 3, ai_alone: 0 });
    expect(mine?.tags).toEqual([
      { tag: 'spam', tp: 3, fp: 0, fn: 1, tn: 2, precision: 1, recall: 0.75 },
      { tag: 'violence', tp: 0, fp: 1, fn: 1, tn: 4, precision: 0, recall: 0 },
      { tag: 'drugs', tp: 0, fp: 1, fn: 0, tn: 5, precision: 0, recall: null },
    ]);
    expect(figures(answer.data.services, otherServiceId)?.tags).toEqual([
      { tag: 'spam', tp: 0, fp: 1, fn: 0, tn: 0, precision: 0, recall: null },
    ]);

    // A wider range takes in the earlier day; a service filter keeps that service only.
    const wider = await admin.client.callOk(aiModerationEndpoints.agreement, {
      query: { from: '2025-03-01T00:00:00Z', to: RANGE.to, service_id: serviceId },
    });
    expect(wider.data.services.map((service) => service.service_id)).toEqual([serviceId]);
    expect(wider.data.services[0]).toMatchObject({ compared: 7, agreed: 4 });
    expect(wider.data.services[0]?.tags[0]).toMatchObject({ tag: 'spam', tp: 4, recall: 0.8 });
  });

  it('searches AI results by service, tag, agreement, response time and date, newest first', async () => {
    const all = await search({ service_id: serviceId });
    expect(all.data.map((row) => row.id)).toEqual(
      [ids.g, ids.f, ids.e, ids.d, ids.c, ids.b, ids.a].map(Number),
    );
    expect(all.total).toBe(7);
    const b = all.data.find((row) => row.id === ids.b);
    expect(b).toMatchObject({
      ai_tags: ['spam', 'violence'],
      human_tags: ['spam'],
      agreement: 'disagree',
      ai_response_ms: 900,
      ai_provider: 'test-ai',
      decided_by: operator.username,
      status: 'decided',
    });
    expect(all.data.find((row) => row.id === ids.d)).toMatchObject({
      ai_tags: [],
      human_tags: [],
      human_custom_tag: 'odd one',
      agreement: 'agree',
    });
    expect(all.data.find((row) => row.id === ids.g)).toMatchObject({
      agreement: 'undecided',
      human_tags: null,
    });

    const ids_ = async (query: Record<string, string | number>) =>
      (await search({ service_id: serviceId, ...query })).data.map((row) => row.id);
    expect(await ids_({ agreement: 'agree' })).toEqual([ids.f, ids.d, ids.a]);
    expect(await ids_({ agreement: 'disagree' })).toEqual([ids.e, ids.c, ids.b]);
    expect(await ids_({ agreement: 'undecided' })).toEqual([ids.g]);
    expect(await ids_({ ai_tag: 'spam' })).toEqual([ids.f, ids.b, ids.a]);
    expect(await ids_({ ai_tag: 'safe' })).toEqual([ids.d, ids.c]);
    expect(await ids_({ min_response_ms: 900, max_response_ms: 1500 })).toEqual([ids.c, ids.b]);
    expect(await ids_({ order: 'asc', per_page: 10, page: 1 })).toEqual(
      [ids.a, ids.b, ids.c, ids.d, ids.e, ids.f, ids.g].map(Number),
    );
    expect(
      await ids_({ from: '2025-03-10T09:30:00Z', to: '2025-03-10T12:00:00Z', per_page: 200 }),
    ).toEqual([ids.e, ids.d, ids.c]);
    // Both services without a service filter.
    expect((await search({ ai_tag: 'spam' })).data.map((row) => row.id)).toContain(ids.j);
  });

  it('finds a rare tag among many items through its index, as a common one by scanning', async () => {
    const busy = (await createCallbackService(db(), { tags: ['spam', 'rare'] })).id;
    const subscriber = await db().query<{ id: number }>(
      `insert into subscribers (service_id, external_id, name) values ($1, 's', 's') returning id`,
      [busy],
    );
    // More items than the plan samples, all but one tagged spam.
    await db().query(
      `insert into contents (service_id, subscriber_id, user_id, message_type, content, bound_time,
                             ai_state, ai_moderated_status, ai_response_time, ai_answered_at)
       select $1, $2, 'u', 'text', 'bulk ' || g, timestamptz '2025-04-02T00:00:00Z' + g * interval '1 second',
              'done', case when g = 7 then '["rare"]'::jsonb else '["spam"]'::jsonb end, 0.1, now()
         from generate_series(1, 2500) g`,
      [busy, subscriber[0]?.id],
    );
    const range = { from: '2025-04-02T00:00:00Z', to: '2025-04-02T23:59:59Z' };
    const rare = await search({ ...range, service_id: busy, ai_tag: 'rare' });
    expect(rare.total).toBe(1);
    expect(rare.data[0]?.content).toBe('bulk 7');
    const common = await search({ ...range, service_id: busy, ai_tag: 'spam', per_page: 10 });
    expect(common.total).toBe(2499);
    expect(common.data[0]?.content).toBe('bulk 2500');
  });

  it('refuses bad input with 422 naming it, never a slow query or a 500', async () => {
    const refused = async (query: Record<string, string>, field: string) => {
      const response = await admin.client.get<{ fields: Record<string, string> }>(
        `${aiModerationEndpoints.search.path}?${new URLSearchParams(query).toString()}`,
      );
      expect(response.status, response.text).toBe(422);
      expect(Object.keys(response.body.fields)).toContain(field);
      return response.body.fields[field] ?? '';
    };
    expect(
      await refused({ from: '2024-01-01T00:00:00Z', to: '2025-03-01T00:00:00Z' }, 'from'),
    ).toMatch(/366 days/);
    expect(await refused({ per_page: '500' }, 'per_page')).toMatch(/200/);
    expect(await refused({ per_page: '201' }, 'per_page')).toMatch(/one of/);
    expect(await refused({ colour: 'red' }, 'colour')).toBe('colour is not a known parameter');
    expect(await refused({ service_id: 'abc' }, 'service_id')).toMatch(/number/);
    expect(await refused({ service_id: '1e12' }, 'service_id')).toMatch(/too large/);
    expect(await refused({ agreement: 'maybe' }, 'agreement')).toMatch(/agree/);
    expect(
      await refused({ min_response_ms: '5000', max_response_ms: '10' }, 'max_response_ms'),
    ).toMatch(/min_response_ms/);
    expect(await refused({ from: 'yesterday' }, 'from')).toMatch(/ISO 8601/);

    const agreement = await admin.client.get<{ fields: Record<string, string> }>(
      `${aiModerationEndpoints.agreement.path}?from=2020-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`,
    );
    expect(agreement.status).toBe(422);
    expect(agreement.body.fields.from).toMatch(/366 days/);
    const unknown = await admin.client.get(`${aiModerationEndpoints.export.path}?page=2`);
    expect(unknown.status).toBe(422);
    const items = await admin.client.get(`${aiContentEndpoints.items.path}?state=lost`);
    expect(items.status).toBe(422);
  });

  it('exports the filter as CSV, quoting and neutralising what a spreadsheet would run', async () => {
    const response = await admin.client.get(
      `${aiModerationEndpoints.export.path}?${new URLSearchParams({
        ...RANGE,
        service_id: String(serviceId),
        agreement: 'disagree',
      }).toString()}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const records = csvRecords(response.text);
    expect(records.map((record) => Number(record.id))).toEqual([ids.e, ids.c, ids.b]);
    const e = records[0];
    expect(e).toMatchObject({
      ai_tags: 'drugs',
      human_tags: 'spam',
      agreement: 'disagree',
      ai_response_ms: '2500',
      decided_by: operator.username,
      content: `'=HYPERLINK("http://evil.example"), "quoted", and\na new line`,
      ai_reasoning: `'+1 is not a formula`,
    });
    expect(records[1]).toMatchObject({ ai_tags: 'SAFE', human_tags: 'violence' });
  });

  it('lists every service as id and name for the filters', async () => {
    const answer = await admin.client.callOk(serviceTokenEndpoints.serviceOptions, {});
    expect(answer).toEqual(expect.arrayContaining([expect.objectContaining({ id: serviceId })]));
    expect(Object.keys(answer[0] ?? {}).sort()).toEqual(['id', 'name']);
    const denied = await operator.client.get(serviceTokenEndpoints.serviceOptions.path);
    expect(denied.status).toBe(403);
  });

  describe('/aicontent', () => {
    const failedItem = (service: number, content: string) =>
      seedFailedAiItem(db(), service, operator, content);

    it('shows waiting, in-progress, answered and failed items with the provider error', async () => {
      const failed = await failedItem(otherServiceId, 'a failing item');
      const waiting = await seedItem(otherServiceId, {
        ai: 'pending',
        arrival: new Date().toISOString(),
      });
      const running = await seedItem(otherServiceId, {
        ai: 'pending',
        arrival: new Date().toISOString(),
      });
      await db().query(
        `update contents set ai_attempts = 1, ai_next_attempt_at = now() + interval '1 minute'
          where id = $1`,
        [running],
      );
      const summary = await admin.client.callOk(aiContentEndpoints.summary, {});
      expect(summary.data).toMatchObject({ failed: 1, in_progress: 1, window_minutes: 60 });
      expect(summary.data.waiting).toBeGreaterThanOrEqual(1);
      expect(summary.data.buckets).toHaveLength(12);

      const list = async (state: string) =>
        (
          await admin.client.callOk(aiContentEndpoints.items, {
            query: { state: state as 'failed', service_id: otherServiceId },
          })
        ).data;
      const failedRows = await list('failed');
      expect(failedRows.map((row) => row.id)).toEqual([failed]);
      expect(failedRows[0]?.error).toMatchObject({
        provider: 'openai:tiny',
        code: 'http_500',
        response: '{"error": "model crashed"}',
        attempts: 3,
      });
      expect((await list('waiting')).map((row) => row.id)).toContain(waiting);
      expect((await list('in_progress')).map((row) => row.id)).toEqual([running]);
      expect((await list('answered')).map((row) => row.id)).toContain(ids.j);
      // Leave the queue as it was for the retries below.
      await db().query(`update contents set ai_state = 'none' where id = any($1::bigint[])`, [
        [failed, waiting, running],
      ]);
    });

    it('retries one failed item: the built-in provider answers it at once; audited', async () => {
      const id = await failedItem(otherServiceId, 'retry me');
      const answer = await admin.client.callOk(aiContentEndpoints.retry, { params: { id } });
      expect(answer.data.ai_state).toBe('done');
      const [row] = await db().query<{ ai_state: string; ai_moderated_status: unknown }>(
        'select ai_state, ai_moderated_status from contents where id = $1',
        [id],
      );
      expect(row).toMatchObject({ ai_state: 'done', ai_moderated_status: ['SAFE'] });
      const failures = await db().query('select 1 from ai_failures where content_id = $1', [id]);
      expect(failures).toHaveLength(0);
      const audit = await db().query<{ actor_id: number; target_id: string }>(
        `select actor_id, target_id from audit_log where action = 'ai.retry'`,
      );
      expect(audit).toContainEqual({ actor_id: admin.id, target_id: String(id) });

      // Not failed any more: a second retry is refused, as is an unknown or decided item.
      expect((await admin.client.call(aiContentEndpoints.retry, { params: { id } })).status).toBe(
        409,
      );
      expect(
        (await admin.client.call(aiContentEndpoints.retry, { params: { id: 2_000_000_000 } }))
          .status,
      ).toBe(404);
      const decided = await failedItem(otherServiceId, 'decided meanwhile');
      await decide(decided, { spam: 1 });
      expect(
        (await admin.client.call(aiContentEndpoints.retry, { params: { id: decided } })).status,
      ).toBe(409);
    });

    it('retries every failed, undecided item of a service, and only those', async () => {
      const first = await failedItem(otherServiceId, 'first');
      const second = await failedItem(otherServiceId, 'second');
      const elsewhere = await failedItem(serviceId, 'elsewhere');
      const answer = await admin.client.callOk(aiContentEndpoints.retryFailed, {
        body: { service_id: otherServiceId },
      });
      expect(answer.data.count).toBe(2);
      const states = async () =>
        db().query<{ id: number; ai_state: string }>(
          'select id, ai_state from contents where id = any($1::bigint[]) order by id',
          [[first, second, elsewhere]],
        );
      await expect
        .poll(async () => (await states()).map((row) => row.ai_state))
        .toEqual(['done', 'done', 'failed']);
      const audit = await db().query<{ details: { count: number }; target_id: string }>(
        `select details, target_id from audit_log where action = 'ai.retry_failed'`,
      );
      expect(audit).toContainEqual({
        details: { count: 2, content_ids: [first, second] },
        target_id: String(otherServiceId),
      });
      // Everything that failed, any service.
      const all = await admin.client.callOk(aiContentEndpoints.retryFailed, { body: {} });
      expect(all.data.count).toBe(1);
      const denied = await operator.client.call(aiContentEndpoints.retryFailed, { body: {} });
      expect(denied.status).toBe(403);
    });
  });
});
