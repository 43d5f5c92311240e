import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistoryEndpoints, historyEndpoints } from '../../../../src/contract/history';
import { appliedTags } from '../../../../server/features/history/history-repository';
import { csvRecords } from '../../../support/csv';
import { createCallbackService } from '../../../support/delivery-fixtures';
import { createOperator, type TestOperator } from '../../../support/moderation-fixtures';
import type { TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

/**
 * The history's tag filter reads the side table history_tags (migration 051), kept by triggers
 * on contents; the export reads the applied tags stored with the decision. Both must answer what
 * the decision itself says, whatever happens to the item after: decided again, taken back to the
 * queue, decided once more, deleted. The rule the filter always had is the oracle: an item is
 * found by a tag when its decision contains {"tag": 1}.
 */
const HOUR = 3_600_000;

describe('history tags: the filter and the export after decisions change', () => {
  const server = useTestServer();
  let admin: TestOperator;

  beforeAll(async () => {
    admin = await createOperator(server.db, server.baseUrl, { role: 'admin' });
  });

  async function newService(tags = ['spam', 'violence', 'nudity']) {
    const service = await createCallbackService(server.db, { tags });
    const [subscriber] = await server.db.query<{ id: number }>(
      `insert into subscribers (service_id, external_id, name) values ($1, $2, 'Subscriber')
       returning id`,
      [service.id, `ext-${randomBytes(3).toString('hex')}`],
    );
    return { serviceId: service.id, subscriberId: subscriber?.id ?? 0 };
  }

  /** An item decided at `decidedAt` with this decision (any JSON), or pending when null. */
  async function item(
    where: { serviceId: number; subscriberId: number },
    decidedAt: Date,
    status: unknown,
  ): Promise<number> {
    const decided = status !== null;
    const [row] = await server.db.query<{ id: number }>(
      `insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                             bound_time, status, decided_at, decision_source, moderated_status)
       values ($1, $2, 'u-1', 'someone', 'text', 'hello', $3::timestamptz - interval '5 minutes',
               $4, $5, $6, $7)
       returning id`,
      [
        where.serviceId,
        where.subscriberId,
        decidedAt,
        decided ? 'decided' : 'pending',
        decided ? decidedAt : null,
        decided ? 'human' : null,
        decided ? JSON.stringify(status) : null,
      ],
    );
    return Number(row?.id);
  }

  const ids = async (client: TestClient, query: Record<string, unknown>) =>
    (await client.callOk(historyEndpoints.list, { query: { per_page: 200, ...query } })).data.map(
      (row) => row.id,
    );

  /** Each test decides items in a window of its own, so a tag alone finds only its items. */
  interface Window {
    from: string;
    to: string;
  }

  /** The filter's rule, read from the items: newest decision first. */
  async function containing(window: Window, tag: string): Promise<number[]> {
    const rows = await server.db.query<{ id: number }>(
      `select id from contents
        where status = 'decided' and decided_at between $1 and $2
          and moderated_status @> jsonb_build_object($3::text, 1)
        order by decided_at desc, id desc`,
      [window.from, window.to, tag],
    );
    return rows.map((row) => Number(row.id));
  }

  /** The side table holds exactly one row per (tag set to 1, decided item), at its decision time. */
  async function expectSideTableRight(serviceId: number): Promise<void> {
    const [row] = await server.db.query<{ missing: number; extra: number }>(
      `with expected as (
         select e.key as tag, c.decided_at, c.id as content_id
           from contents c cross join lateral jsonb_each(
                  case when jsonb_typeof(c.moderated_status) = 'object'
                       then c.moderated_status else '{}'::jsonb end) e
          where c.service_id = $1 and c.status = 'decided' and e.value = '1'::jsonb
       ), actual as (
         select t.tag, t.decided_at, t.content_id from history_tags t
          where t.content_id in (select id from contents where service_id = $1)
             or t.content_id not in (select id from contents)
       )
       select (select count(*) from (select * from expected except select * from actual) x)::int
                as missing,
              (select count(*) from (select * from actual except select * from expected) x)::int
                as extra`,
      [serviceId],
    );
    expect(row).toEqual({ missing: 0, extra: 0 });
  }

  /** The tag alone (the side table) and with a service (the items' own indexes) agree. */
  async function expectFilterRight(serviceId: number, window: Window): Promise<void> {
    for (const tag of ['spam', 'violence', 'nudity']) {
      const expected = await containing(window, tag);
      expect(await ids(admin.client, { ...window, tag }), tag).toEqual(expected);
      expect(await ids(admin.client, { ...window, tag, service_id: serviceId }), tag).toEqual(
        expected,
      );
    }
    await expectSideTableRight(serviceId);
  }

  it('finds the items whose decision sets the tag to 1, through re-decisions, requeues and deletions', async () => {
    const where = await newService();
    const base = Date.now() - 5 * HOUR;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const window = { from: at(0).toISOString(), to: at(60).toISOString() };
    const tagged = (tag: string) => ids(admin.client, { ...window, tag });
    const spam = await item(where, at(1), { spam: 1, violence: 0 });
    const both = await item(where, at(2), { spam: 1, violence: 1, additional: 'custom' });
    const none = await item(where, at(3), { spam: 0, violence: 0 });
    const decimal = await item(where, at(4), { violence: 1.0 });
    // Values the filter never matched (only the number 1 does), and decisions that are no object.
    await item(where, at(5), { spam: '1', violence: true, nudity: 2 });
    await item(where, at(6), ['spam']);
    await item(where, at(7), 'spam');
    const pending = await item(where, at(8), null);
    await expectFilterRight(where.serviceId, window);
    expect(await tagged('spam')).toEqual([both, spam]);
    expect(await tagged('violence')).toEqual([decimal, both]);

    // Decided again: other tags, a later time.
    await server.db.query(
      `update contents set moderated_status = '{"nudity": 1, "spam": 0}', decided_at = $2
        where id = $1`,
      [spam, at(30)],
    );
    // Only the time changes.
    await server.db.query('update contents set decided_at = $2 where id = $1', [both, at(31)]);
    await expectFilterRight(where.serviceId, window);
    expect(await tagged('nudity')).toEqual([spam]);
    expect(await tagged('spam')).toEqual([both]);

    // Taken back to the queue: once with its decision left in place, once with it cleared.
    await server.db.query(`update contents set status = 'pending' where id = $1`, [both]);
    await server.db.query(
      `update contents set status = 'pending', decided_at = null, moderated_status = null,
                           decision_source = null
        where id = $1`,
      [decimal],
    );
    await expectFilterRight(where.serviceId, window);
    expect(await tagged('spam')).toEqual([]);
    expect(await tagged('violence')).toEqual([]);

    // Decided once more, the pending item for the first time, and the untagged one tagged: in
    // one statement, as a submit of several items decides them.
    await server.db.query(
      `update contents c set status = 'decided', decided_at = v.at, decision_source = 'human',
                             moderated_status = v.status
         from unnest($1::bigint[], $2::timestamptz[], $3::jsonb[]) v(id, at, status)
        where c.id = v.id`,
      [
        [both, decimal, pending, none],
        [at(40), at(41), at(42), at(43)],
        ['{"spam": 1}', '{"violence": 1}', '{"spam": 1, "nudity": 1}', '{"violence": 1}'].map(
          String,
        ),
      ],
    );
    await expectFilterRight(where.serviceId, window);
    expect(await tagged('spam')).toEqual([pending, both]);

    // Deleted items leave nothing behind.
    await server.db.query('delete from contents where id = any($1::bigint[])', [[both, pending]]);
    await expectFilterRight(where.serviceId, window);
    expect(await tagged('spam')).toEqual([]);
  });

  it('pages a tag with cursors both ways and counts it up to the cap, in range only', async () => {
    const where = await newService();
    const other = await newService();
    const newest = Date.now() - 3 * HOUR;
    // 10,098 spam decisions, ten at each millisecond, and 102 without the tag between them.
    await server.db.query(
      `insert into contents (service_id, subscriber_id, user_id, username, message_type, content,
                             bound_time, status, decided_at, decision_source, moderated_status)
       select $1, $2, 'u', 'n', 'text', 'row ' || g, now() - interval '3 hours', 'decided',
              $3::timestamptz - (g / 10) * interval '1 millisecond', 'human',
              case when g % 100 = 0 then '{"spam": 0}'::jsonb else '{"spam": 1}'::jsonb end
         from generate_series(0, 10199) g`,
      [where.serviceId, where.subscriberId, new Date(newest)],
    );
    const otherItem = await item(other, new Date(newest), { spam: 1 });

    const window = {
      from: new Date(newest - 2000).toISOString(),
      to: new Date(newest).toISOString(),
    };
    // The tag alone reads the side table; with the service, the service's index.
    for (const narrowing of [{}, { service_id: where.serviceId }]) {
      const query = { ...window, ...narrowing, tag: 'spam', per_page: 50 };
      const first = await admin.client.callOk(historyEndpoints.list, { query });
      expect(first.total).toBe(10_000);
      expect(first.total_capped).toBe(true);
      const second = await admin.client.callOk(historyEndpoints.list, {
        query: { ...query, after: first.next_cursor ?? undefined },
      });
      const third = await admin.client.callOk(historyEndpoints.list, {
        query: { ...query, after: second.next_cursor ?? undefined },
      });
      const read = [...first.data, ...second.data, ...third.data].map((row) => row.id);
      const all = await containing(window, 'spam');
      expect(read).toEqual(
        'service_id' in narrowing
          ? all.filter((id) => id !== otherItem).slice(0, 150)
          : all.slice(0, 150),
      );
      const back = await admin.client.callOk(historyEndpoints.list, {
        query: { ...query, before: third.prev_cursor ?? undefined },
      });
      expect(back.data.map((row) => row.id)).toEqual(second.data.map((row) => row.id));
    }

    // Under the cap, the count is exact; the range bounds it.
    const from = new Date(newest - 100).toISOString();
    const to = new Date(newest).toISOString();
    const inRange = await admin.client.callOk(historyEndpoints.list, {
      query: { tag: 'spam', from, to, per_page: 200 },
    });
    expect(inRange.total).toBe((await containing({ from, to }, 'spam')).length);
    // 1,010 rows in 101 milliseconds, 11 of them without the tag, and the other service's item.
    expect(inRange.total).toBe(1_000);
    expect(inRange.total_capped).toBeUndefined();

    // A customer linked to the other service finds its item only.
    const customer = await createOperator(server.db, server.baseUrl, { role: 'customer' });
    await server.db.query('insert into user_services (user_id, service_id) values ($1, $2)', [
      customer.id,
      other.serviceId,
    ]);
    const own = await customer.client.callOk(customerHistoryEndpoints.list, {
      query: { tag: 'spam', from, to },
    });
    expect(own.data.map((row) => row.service_id)).toEqual([other.serviceId]);
    expect(own.total).toBe(1);
  });

  it('stores the applied tags by the rule the list shows (1, true or "1") and exports them', async () => {
    const where = await newService(['spam', 'violence', 'nudity', 'fraud']);
    const statuses: unknown[] = [
      { spam: 1, violence: 0 },
      { spam: 1, violence: 1, additional: 'custom' },
      { spam: 0 },
      {},
      { spam: true, violence: '1', nudity: 'true', fraud: 2, additional: 1 },
      { violence: 1.0, spam: false, nudity: '0' },
      ['spam'],
      'spam',
      null,
    ];
    const base = Date.now() - HOUR;
    for (const [index, status] of statuses.entries()) {
      await server.db.query(
        `insert into contents (service_id, subscriber_id, user_id, username, message_type,
                               content, bound_time, status, decided_at, decision_source,
                               moderated_status)
         values ($1, $2, 'u', 'n', 'text', 'x', now() - interval '2 hours', 'decided', $3,
                 'human', $4::jsonb)`,
        [
          where.serviceId,
          where.subscriberId,
          new Date(base - index * 1000),
          JSON.stringify(status),
        ],
      );
    }
    const rows = await server.db.query<{ moderated_status: unknown; applied_tags: string | null }>(
      `select moderated_status, applied_tags from contents where service_id = $1
        order by decided_at desc`,
      [where.serviceId],
    );
    for (const row of rows) {
      const status =
        row.moderated_status !== null &&
        typeof row.moderated_status === 'object' &&
        !Array.isArray(row.moderated_status)
          ? (row.moderated_status as Record<string, unknown>)
          : null;
      const tags = appliedTags(status);
      expect(row.applied_tags, JSON.stringify(row.moderated_status)).toBe(
        status ? (tags.length > 0 ? tags.join(' ') : null) : null,
      );
    }

    // Decisions a submit writes (0 or 1, and a custom tag): the stored text is what the export
    // computed from the decision before (migration 050's query), so its output is unchanged.
    const [unchanged] = await server.db.query<{ differing: number }>(
      `select count(*)::int as differing from contents c
        where c.service_id = $1 and c.applied_tags is distinct from
              case when jsonb_typeof(c.moderated_status) = 'object'
                   then (select string_agg(t.key, ' ') from jsonb_each_text(c.moderated_status) t
                          where t.key <> 'additional' and t.value in ('1', 'true')) end
          and not exists (select 1 from jsonb_each(
                            case when jsonb_typeof(c.moderated_status) = 'object'
                                 then c.moderated_status else '{}' end) e
                           where e.key <> 'additional' and e.value not in ('0', '1'))`,
      [where.serviceId],
    );
    expect(unchanged?.differing).toBe(0);

    // Re-decided: the stored tags follow.
    await server.db.query(
      `update contents set moderated_status = '{"fraud": 1}' where service_id = $1`,
      [where.serviceId],
    );
    const list = await admin.client.callOk(historyEndpoints.list, {
      query: { service_id: where.serviceId, per_page: 50 },
    });
    const response = await admin.client.get(
      `/api/history/decisions/export?service_id=${where.serviceId}`,
    );
    const records = csvRecords(response.text);
    expect(records.map((record) => record.tags)).toEqual(
      list.data.map((row) => row.tags.join(' ')),
    );
    expect(new Set(records.map((record) => record.tags))).toEqual(new Set(['fraud']));
  });
});
