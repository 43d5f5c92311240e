import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerHistoryEndpoints,
  historyEndpoints,
  HistoryCsvRowSchema,
} from '../../../../src/contract/history';
import { decodeCursor, encodeCursor } from '../../../../src/contract/list';
import { csvRecords } from '../../../support/csv';
import { createCallbackService } from '../../../support/delivery-fixtures';
import { createOperator, type TestOperator } from '../../../support/moderation-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

/**
 * The moderation history: search by each filter, keyset pages both ways, one item in full, the
 * CSV export, refusals of bad input, and the customer twin scoped to the customer's services.
 * Decisions are written straight into the tables (the browser test decides one through the
 * console), each test under its own services, so tests read only their own rows.
 */
interface Seeded {
  id: number;
  decidedAt: Date;
}

const HOUR = 3_600_000;

describe('/modhistory and /customer-moderation', () => {
  const server = useTestServer();
  let admin: TestOperator;
  let operator: TestOperator;

  beforeAll(async () => {
    admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
    operator = await createOperator(server.db, server.baseUrl);
  });

  async function newService(tags = ['spam', 'violence', 'nudity']) {
    const service = await createCallbackService(server.db, { tags });
    const [subscriber] = await server.db.query<{ id: number }>(
      `insert into subscribers (service_id, external_id, name) values ($1, $2, $3) returning id`,
      [service.id, `ext-${randomBytes(3).toString('hex')}`, 'Main subscriber'],
    );
    return { service, subscriberId: subscriber?.id ?? 0 };
  }

  /** A decided item; times count back from `decidedAt`. */
  async function seed(
    serviceId: number,
    subscriberId: number,
    decidedAt: Date,
    options: {
      status?: Record<string, number | string>;
      source?: 'human' | 'ai';
      decidedBy?: number | null;
      user?: [string, string];
      content?: string;
      undecided?: boolean;
    } = {},
  ): Promise<Seeded> {
    const [row] = await server.db.query<{ id: number }>(
      `insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                             bound_time, status, ai_state, ai_moderated_status, ai_response_time,
                             ai_other_details, ai_answered_at, assigned_to, assigned_at,
                             loaded_at, decided_by, decided_at, decision_source, moderated_status)
       values ($1, $2, $3, $4, 'text', $5, $6::timestamptz - interval '10 minutes', $7, 'done',
               '["spam"]', 2.5, '{"reasoning": "Looks like spam", "provider": "local"}',
               $6::timestamptz - interval '9 minutes', $8, $6::timestamptz - interval '5 minutes',
               $6::timestamptz - interval '4 minutes', $8, $9, $10, $11)
       returning id`,
      [
        serviceId,
        subscriberId,
        options.user?.[0] ?? 'u-1',
        options.user?.[1] ?? 'someone',
        options.content ?? 'hello there',
        decidedAt,
        options.undecided ? 'pending' : 'decided',
        options.decidedBy === undefined ? operator.id : options.decidedBy,
        options.undecided ? null : decidedAt,
        options.undecided ? null : (options.source ?? 'human'),
        options.undecided ? null : JSON.stringify(options.status ?? { spam: 1, violence: 0 }),
      ],
    );
    return { id: Number(row?.id), decidedAt };
  }

  const list = async (client: TestClient, query: Record<string, unknown>) => {
    const response = await client.call(historyEndpoints.list, { query });
    expect(response.status, response.text).toBe(200);
    return historyEndpoints.list.response.parse(response.body);
  };

  it('finds decisions by each filter, newest decision first', async () => {
    const { service, subscriberId } = await newService();
    const other = await newService();
    const base = new Date(Date.now() - 2 * HOUR);
    const a = await seed(service.id, subscriberId, new Date(base.getTime() - 3000), {
      status: { spam: 1, violence: 0 },
      user: ['user-77', 'alice'],
    });
    const b = await seed(service.id, subscriberId, new Date(base.getTime() - 2000), {
      status: { spam: 0, violence: 1, additional: 'scam link' },
      source: 'ai',
      decidedBy: null,
    });
    const c = await seed(other.service.id, other.subscriberId, new Date(base.getTime() - 1000), {
      status: { spam: 1 },
      decidedBy: admin.id,
    });
    await seed(service.id, subscriberId, base, { undecided: true });

    const ids = async (query: Record<string, unknown>) =>
      (await list(admin.client, query)).data.map((row) => row.id);

    expect(await ids({ service_id: service.id })).toEqual([b.id, a.id]);
    expect(await ids({ content_id: a.id })).toEqual([a.id]);
    expect(await ids({ subscriber_id: other.subscriberId })).toEqual([c.id]);
    expect(await ids({ service_id: service.id, user: 'user-77' })).toEqual([a.id]);
    expect(await ids({ service_id: service.id, user: 'alice' })).toEqual([a.id]);
    expect(await ids({ service_id: service.id, tag: 'violence' })).toEqual([b.id]);
    expect(await ids({ service_id: service.id, tag: 'spam' })).toEqual([a.id]);
    expect(await ids({ service_id: service.id, source: 'ai' })).toEqual([b.id]);
    expect(await ids({ service_id: service.id, source: 'human' })).toEqual([a.id]);
    expect(await ids({ operator_id: admin.id })).toEqual([c.id]);
    // The range is inclusive; outside it, nothing.
    expect(
      await ids({
        service_id: service.id,
        from: a.decidedAt.toISOString(),
        to: a.decidedAt.toISOString(),
      }),
    ).toEqual([a.id]);
    expect(
      await ids({
        content_id: a.id,
        from: new Date(Date.now() - 30 * 24 * HOUR).toISOString(),
        to: new Date(Date.now() - 20 * 24 * HOUR).toISOString(),
      }),
    ).toEqual([]);

    const [ai, human] = (await list(admin.client, { service_id: service.id })).data;
    expect(ai).toMatchObject({
      service_name: service.name,
      subscriber_name: 'Main subscriber',
      tags: ['violence'],
      additional: 'scam link',
      source: 'ai',
      operator_id: null,
      operator_username: null,
      ai_tags: ['spam'],
      preview: 'hello there',
    });
    expect(human).toMatchObject({
      tags: ['spam'],
      additional: null,
      source: 'human',
      operator_id: operator.id,
      operator_username: operator.username,
      user_id: 'user-77',
      username: 'alice',
      decided_at: a.decidedAt.toISOString(),
    });
  });

  it('reads the last 7 days without a range', async () => {
    const { service, subscriberId } = await newService();
    const recent = await seed(service.id, subscriberId, new Date(Date.now() - 6 * 24 * HOUR));
    await seed(service.id, subscriberId, new Date(Date.now() - 8 * 24 * HOUR));
    expect((await list(admin.client, { service_id: service.id })).data.map((r) => r.id)).toEqual([
      recent.id,
    ]);
    expect(
      (
        await list(admin.client, {
          service_id: service.id,
          from: new Date(Date.now() - 10 * 24 * HOUR).toISOString(),
        })
      ).total,
    ).toBe(2);
  });

  it('pages with cursors both ways, rows equal in time kept apart by id, counted once', async () => {
    const { service, subscriberId } = await newService();
    const same = new Date(Date.now() - HOUR);
    const seeded: Seeded[] = [];
    // 60 decisions, three at each instant, so pages split rows with equal times.
    for (let i = 0; i < 60; i += 1) {
      seeded.push(
        await seed(service.id, subscriberId, new Date(same.getTime() - Math.floor(i / 3) * 1000)),
      );
    }
    const expected = [...seeded]
      .sort((x, y) => y.decidedAt.getTime() - x.decidedAt.getTime() || y.id - x.id)
      .map((row) => row.id);

    const first = await list(admin.client, { service_id: service.id, per_page: 25 });
    expect(first.total).toBe(60);
    expect(first.prev_cursor).toBeNull();
    expect(first.next_cursor).not.toBeNull();
    const second = await list(admin.client, {
      service_id: service.id,
      per_page: 25,
      after: first.next_cursor,
    });
    const third = await list(admin.client, {
      service_id: service.id,
      per_page: 25,
      after: second.next_cursor,
    });
    expect(third.next_cursor).toBeNull();
    expect(third.prev_cursor).not.toBeNull();
    expect([...first.data, ...second.data, ...third.data].map((row) => row.id)).toEqual(expected);

    // Back from the third page: the second again, newest first.
    const back = await list(admin.client, {
      service_id: service.id,
      per_page: 25,
      before: third.prev_cursor,
    });
    expect(back.data.map((row) => row.id)).toEqual(second.data.map((row) => row.id));
    expect(back.next_cursor).not.toBeNull();
    const backToFirst = await list(admin.client, {
      service_id: service.id,
      per_page: 25,
      before: back.prev_cursor,
    });
    expect(backToFirst.data.map((row) => row.id)).toEqual(first.data.map((row) => row.id));
    expect(backToFirst.prev_cursor).toBeNull();
  });

  it('refuses bad input with a 422 that names the problem', async () => {
    const cursor = encodeCursor({ at: '2025-01-01T00:00:00.000000Z', id: 5 });
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ from: '2023-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'from', /at most 366 days/],
      [{ from: '2020-01-01T00:00:00Z' }, 'from', /at most 366 days/],
      [{ per_page: '500' }, 'per_page', /one of 25, 50, 100, 200/],
      [{ per_page: '30' }, 'per_page', /one of 25, 50, 100, 200/],
      [{ colour: 'red' }, 'colour', /Unknown parameter colour/],
      [{ after: 'zzz' }, 'after', /not a valid cursor/],
      [{ after: encodeCursor({ at: 'yesterday', id: 1 }) }, 'after', /not a valid cursor/],
      [{ after: cursor, before: cursor }, 'before', /not both/],
      [{ content_id: 'abc' }, 'content_id', /must be a number/],
      [{ source: 'robot' }, 'source', /human or ai/],
      [{ from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }, 'to', /not be before/],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.client.get(
        `/api/history/decisions?${new URLSearchParams(query).toString()}`,
      );
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(response.body.fields?.[field], JSON.stringify(response.body)).toMatch(message);
    }
    expect(decodeCursor(cursor)).toEqual({ at: '2025-01-01T00:00:00.000000Z', id: 5 });
    const exportResponse = await admin.client.get(
      '/api/history/decisions/export?from=2020-01-01T00:00:00Z',
    );
    expect(exportResponse.status).toBe(422);
    const detail = await admin.client.get('/api/history/decisions/12abc');
    expect(detail.status).toBe(422);
  });

  it('shows one item in full: AI beside the decision, timings, media log, delivery attempts', async () => {
    const { service, subscriberId } = await newService();
    const decidedAt = new Date(Date.now() - HOUR);
    const item = await seed(service.id, subscriberId, decidedAt, {
      status: { spam: 1, violence: 0, additional: 'custom' },
    });
    await server.db.query(
      `insert into media_logs (user_id, content_id, action, on_enlarged, media_time, duration, created_at)
       values ($1, $2, 'play', false, 0, 12.5, $3), ($1, $2, 'pause', true, 4.2, 12.5, $4)`,
      [
        operator.id,
        item.id,
        new Date(decidedAt.getTime() - 200_000),
        new Date(decidedAt.getTime() - 190_000),
      ],
    );
    const [delivery] = await server.db.query<{ id: number }>(
      `insert into deliveries (content_id, service_id, webhook_id, body, status, attempts, delivered_at)
       values ($1, $2, $3, '{}', 'delivered', 2, now()) returning id`,
      [item.id, service.id, `msg_${item.id}`],
    );
    await server.db.query(
      `insert into delivery_attempts (delivery_id, service_id, attempt, status_code, error_code, latency_ms, response_excerpt)
       values ($1, $2, 1, null, 'TIMEOUT', 15000, 'timed out'), ($1, $2, 2, 200, null, 35, 'ok')`,
      [delivery?.id, service.id],
    );

    const answer = await admin.client.callOk(historyEndpoints.detail, { params: { id: item.id } });
    expect(answer.data).toMatchObject({
      id: item.id,
      content: 'hello there',
      moderated_status: { spam: 1, violence: 0, additional: 'custom' },
      tags: ['spam'],
      additional: 'custom',
      ai_tags: ['spam'],
      ai_response_time: 2.5,
      ai_reasoning: 'Looks like spam',
      ai_provider: 'local',
      operator_username: operator.username,
      timings: {
        arrived_at: new Date(decidedAt.getTime() - 600_000).toISOString(),
        ai_answered_at: new Date(decidedAt.getTime() - 540_000).toISOString(),
        assigned_at: new Date(decidedAt.getTime() - 300_000).toISOString(),
        loaded_at: new Date(decidedAt.getTime() - 240_000).toISOString(),
        decided_at: decidedAt.toISOString(),
      },
      media_log: [
        { action: 'play', username: operator.username, on_enlarged: false, duration: 12.5 },
        { action: 'pause', on_enlarged: true, media_time: 4.2 },
      ],
      delivery: {
        status: 'delivered',
        attempts: [
          { attempt: 1, status_code: null, error_code: 'TIMEOUT', latency_ms: 15000 },
          { attempt: 2, status_code: 200, error_code: null, response_excerpt: 'ok' },
        ],
      },
    });

    const undecided = await seed(service.id, subscriberId, decidedAt, { undecided: true });
    for (const id of [undecided.id, 9_000_000_000]) {
      const missing = await admin.client.call(historyEndpoints.detail, { params: { id } });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(`There is no decided item ${id}.`);
    }
  });

  it('exports the filter as CSV, every row, spreadsheet formulas neutralised', async () => {
    const { service, subscriberId } = await newService();
    const base = Date.now() - HOUR;
    const tricky = [
      'comma, inside',
      'a "quoted" word',
      'line one\nline two',
      '=HYPERLINK("http://evil.example")',
      '+1 555',
      '-2 dollars',
      '@SUM(A1)',
    ];
    for (const [index, content] of tricky.entries()) {
      await seed(service.id, subscriberId, new Date(base - index * 1000), {
        content,
        status: { spam: 1, additional: index === 0 ? '=cmd' : '' },
      });
    }
    const response = await admin.client.get(
      `/api/history/decisions/export?service_id=${service.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="moderation-history-\d{8}-\d{6}\.csv"/,
    );
    const records = csvRecords(response.text);
    expect(Object.keys(records[0] ?? {})).toEqual(Object.keys(HistoryCsvRowSchema.shape));
    expect(records.map((record) => record.content)).toEqual([
      'comma, inside',
      'a "quoted" word',
      'line one\nline two',
      `'=HYPERLINK("http://evil.example")`,
      "'+1 555",
      "'-2 dollars",
      "'@SUM(A1)",
    ]);
    expect(records[0]).toMatchObject({
      service: service.name,
      tags: 'spam',
      additional: "'=cmd",
      source: 'human',
      operator: operator.username,
      ai_tags: 'spam',
    });
  });

  it('streams an export longer than one batch in order, each row once', async () => {
    const { service, subscriberId } = await newService();
    // 10,500 decisions (more than two batches of 5,000), 100 at each millisecond.
    await server.db.query(
      `insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                             bound_time, status, decided_by, decided_at, decision_source,
                             moderated_status)
       select $1, $2, 'u', 'n', 'text', 'row ' || g, now() - interval '2 hours', 'decided', $3,
              now() - interval '1 hour' - (g / 100) * interval '1 millisecond', 'human',
              '{"spam": 1}'
         from generate_series(1, 10500) g`,
      [service.id, subscriberId, operator.id],
    );
    const response = await admin.client.get(
      `/api/history/decisions/export?service_id=${service.id}`,
    );
    const ids = csvRecords(response.text).map((record) => Number(record.content_id));
    expect(ids).toHaveLength(10500);
    expect(new Set(ids).size).toBe(10500);
    const page = await list(admin.client, { service_id: service.id, per_page: 200 });
    expect(ids.slice(0, 200)).toEqual(page.data.map((row) => row.id));
  });

  describe('the customer', () => {
    let customer: TestOperator;
    let own: Awaited<ReturnType<typeof newService>>;
    let foreign: Awaited<ReturnType<typeof newService>>;
    let ownItem: Seeded;
    let foreignItem: Seeded;

    beforeAll(async () => {
      customer = await createOperator(server.db, server.baseUrl, { role: 'customer' });
      own = await newService(['spam', 'fraud']);
      foreign = await newService(['spam', 'secret_tag']);
      await server.db.query('insert into user_services (user_id, service_id) values ($1, $2)', [
        customer.id,
        own.service.id,
      ]);
      const at = new Date(Date.now() - HOUR);
      ownItem = await seed(own.service.id, own.subscriberId, at, { user: ['cu-1', 'carol'] });
      foreignItem = await seed(foreign.service.id, foreign.subscriberId, at, {
        user: ['cu-1', 'carol'],
      });
    });

    it("reads its services' decisions, without staff names", async () => {
      const page = await customer.client.callOk(customerHistoryEndpoints.list, { query: {} });
      expect(page.data.map((row) => row.id)).toEqual([ownItem.id]);
      expect(page.data[0]).toMatchObject({ operator_id: null, operator_username: null });
      const detail = await customer.client.callOk(customerHistoryEndpoints.detail, {
        params: { id: ownItem.id },
      });
      expect(detail.data.id).toBe(ownItem.id);
      const options = await customer.client.callOk(customerHistoryEndpoints.options, {});
      expect(options.data).toEqual({
        services: [{ id: own.service.id, name: own.service.name }],
        tags: ['fraud', 'spam'],
        operators: [],
      });
      // The staff endpoints stay closed to the customer role.
      expect((await customer.client.call(historyEndpoints.list, { query: {} })).status).toBe(403);
    });

    it("never reads another service's item, by any parameter", async () => {
      const empty = (body: unknown) =>
        (body as { data: unknown[] }).data.length === 0 ? 'empty' : 'rows';
      const csvRows = (text: string) => (csvRecords(text).length === 0 ? 'empty' : 'rows');
      const foreignFilters: Record<string, string | number>[] = [
        { service_id: foreign.service.id },
        { content_id: foreignItem.id },
        { subscriber_id: foreign.subscriberId },
        { user: 'carol', service_id: foreign.service.id },
        { tag: 'spam', service_id: foreign.service.id },
        { source: 'human', service_id: foreign.service.id },
      ];
      for (const filter of foreignFilters) {
        const query = new URLSearchParams(
          Object.entries(filter).map(([key, value]) => [key, String(value)]),
        ).toString();
        const page = await customer.client.get(`/api/customer-moderation/decisions?${query}`);
        expect(page.status, query).toBe(200);
        expect(empty(page.body), query).toBe('empty');
        const csv = await customer.client.get(`/api/customer-moderation/decisions/export?${query}`);
        expect(csv.status, query).toBe(200);
        expect(csvRows(csv.text), query).toBe('empty');
      }
      // Filters that do not narrow: only the own item.
      for (const query of ['user=carol', 'tag=spam', '']) {
        const page = await customer.client.get(`/api/customer-moderation/decisions?${query}`);
        expect((page.body as { data: { id: number }[] }).data.map((row) => row.id)).toEqual([
          ownItem.id,
        ]);
      }
      const detail = await customer.client.call(customerHistoryEndpoints.detail, {
        params: { id: foreignItem.id },
      });
      expect(detail.status).toBe(404);
      expect(detail.body.message).toBe(`There is no decided item ${foreignItem.id}.`);
      // The operator filter is staff only: refused, not ignored.
      const byOperator = await customer.client.get(
        `/api/customer-moderation/decisions?operator_id=${operator.id}`,
      );
      expect(byOperator.status).toBe(422);
      // Without any linked service, nothing at all.
      const unlinked = await createOperator(server.db, server.baseUrl, { role: 'customer' });
      const nothing = await unlinked.client.callOk(customerHistoryEndpoints.list, { query: {} });
      expect(nothing.data).toEqual([]);
      expect(
        (
          await unlinked.client.call(customerHistoryEndpoints.detail, {
            params: { id: ownItem.id },
          })
        ).status,
      ).toBe(404);
    });
  });
});
