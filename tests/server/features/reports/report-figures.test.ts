import { beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_GROUPS,
  REPORT_KINDS,
  type ChartQuery,
  type ProductivityRow,
  type Report,
  type ServiceVolumeRow,
  type SlaRow,
  type ReportQuery,
} from '../../../../src/contract/reports';
import { serviceEndpoints } from '../../../../src/contract/services';
import type { Queryable } from '../../../../server/db/database';
import { readChartSeries, readReport } from '../../../../server/features/reports/report-reader';
import {
  rebuildReportRollups,
  recordArrivalRollups,
  recordDecisionRollups,
} from '../../../../server/features/reports/report-rollups-repository';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { expectRows, reportRollupSnapshot } from '../../../support/report-oracle';
import { useTestServer } from '../../../support/test-server';

/**
 * The report figures on a small set of items whose answers are worked out by hand below, from
 * the rollups (as the endpoints read them) and from the raw rows (the oracle): counts and shares
 * exactly, percentiles within the documented precision of the exact nearest-rank value.
 */
interface Item {
  id: number;
  service: 'alpha' | 'beta';
  bound: string;
  decided?: string;
  loaded?: string;
  by?: 'ann' | 'bob' | 'ai';
  status?: Record<string, unknown>;
}

// Monday 2 March 2026 and the days after it; times UTC.
const ITEMS: Item[] = [
  // Alpha (SLA 15 min). Wait 120 s, handling 30 s, tagged.
  {
    id: 1,
    service: 'alpha',
    bound: '2026-03-02T10:00:00Z',
    decided: '2026-03-02T10:02:00Z',
    loaded: '2026-03-02T10:01:30Z',
    by: 'ann',
    status: { spam: 1, nudity: 0 },
  },
  // Wait 1200 s (over), handling 60 s, no tag.
  {
    id: 2,
    service: 'alpha',
    bound: '2026-03-02T10:05:00Z',
    decided: '2026-03-02T10:25:00Z',
    loaded: '2026-03-02T10:24:00Z',
    by: 'ann',
    status: { spam: 0 },
  },
  // Wait 3600 s (over), load time unknown, a custom tag only.
  {
    id: 3,
    service: 'alpha',
    bound: '2026-03-02T10:10:00Z',
    decided: '2026-03-02T11:10:00Z',
    by: 'bob',
    status: { spam: 0, additional: 'scam' },
  },
  // Beta (SLA 5 min). Wait 240 s, handling 60 s, two tags.
  {
    id: 4,
    service: 'beta',
    bound: '2026-03-02T10:00:00Z',
    decided: '2026-03-02T10:04:00Z',
    loaded: '2026-03-02T10:03:00Z',
    by: 'bob',
    status: { violence: 1, spam: 1 },
  },
  // Decided by the AI alone after 0.5 s, no tag.
  {
    id: 5,
    service: 'beta',
    bound: '2026-03-02T10:00:00Z',
    decided: '2026-03-02T10:00:00.500Z',
    by: 'ai',
    status: {},
  },
  // Still waiting.
  { id: 6, service: 'alpha', bound: '2026-03-02T11:30:00Z' },
  {
    id: 7,
    service: 'alpha',
    bound: '2026-03-03T09:00:00Z',
    decided: '2026-03-03T09:10:00Z',
    loaded: '2026-03-03T09:09:00Z',
    by: 'ann',
    status: { spam: 1 },
  },
  // Arrived on Monday, decided on Tuesday after 1800 s (over 5 min), handling 10 s, no tag.
  {
    id: 8,
    service: 'beta',
    bound: '2026-03-02T23:50:00Z',
    decided: '2026-03-03T00:20:00Z',
    loaded: '2026-03-03T00:19:50Z',
    by: 'ann',
    status: { nudity: 0 },
  },
  // The next week.
  {
    id: 9,
    service: 'alpha',
    bound: '2026-03-09T08:00:00Z',
    decided: '2026-03-09T08:01:00Z',
    loaded: '2026-03-09T08:00:30Z',
    by: 'bob',
    status: { spam: 1 },
  },
];

const FROM = new Date('2026-03-02T00:00:00Z');
const TO = new Date('2026-03-09T23:59:59.999Z');
const MON = '2026-03-02T00:00:00.000Z';
const TUE = '2026-03-03T00:00:00.000Z';
const NEXT_MON = '2026-03-09T00:00:00.000Z';

async function seed(
  db: Queryable,
  services: Record<Item['service'], number>,
  operators: Record<'ann' | 'bob', number>,
): Promise<Map<number, number>> {
  const [subscriber] = await db.query<{ id: number }>(
    `insert into subscribers (service_id, external_id, name) values ($1, 'reports', 'Reports')
     returning id`,
    [services.alpha],
  );
  const ids = new Map<number, number>();
  for (const item of ITEMS) {
    const [row] = await db.query<{ id: number }>(
      `insert into contents (service_id, subscriber_id, user_id, message_type, content, bound_time,
                             status, decided_at, loaded_at, decided_by, decision_source,
                             moderated_status)
       values ($1, $2, 'u', 'text', 'hello', $3, $4, $5, $6, $7, $8, $9::jsonb) returning id`,
      [
        services[item.service],
        subscriber?.id,
        item.bound,
        item.decided ? 'decided' : 'pending',
        item.decided ?? null,
        item.loaded ?? null,
        item.by && item.by !== 'ai' ? operators[item.by] : null,
        item.by === undefined ? null : item.by === 'ai' ? 'ai' : 'human',
        item.status ? JSON.stringify(item.status) : null,
      ],
    );
    ids.set(item.id, Number(row?.id));
  }
  return ids;
}

describe('report figures', () => {
  const server = useTestServer();
  let alpha: number;
  let beta: number;
  let ann: number;
  let bob: number;

  const report = (
    query: Omit<ReportQuery, 'from' | 'to'>,
    source: 'rollups' | 'rows' = 'rollups',
  ) => readReport(server.db, { from: FROM, to: TO, ...query }, source);
  const chart = (query: Partial<ChartQuery>, source: 'rollups' | 'rows' = 'rollups') =>
    readChartSeries(server.db, { from: FROM, to: TO, group: 'day', ...query }, source);

  beforeAll(async () => {
    const db = server.db;
    alpha = (await createTestService(db, { name: 'Alpha' })).service.id;
    beta = (await createTestService(db, { name: 'Beta' })).service.id;
    await db.query('update services set sla_minutes = 15 where id = $1', [alpha]);
    await db.query('update services set sla_minutes = 5 where id = $1', [beta]);
    ann = (await createOperator(db, server.baseUrl, { username: 'ann_reports' })).id;
    bob = (await createOperator(db, server.baseUrl, { username: 'bob_reports' })).id;
    const ids = await seed(db, { alpha, beta }, { ann, bob });
    const idsOf = (items: number[]) => items.map((item) => ids.get(item) ?? 0);
    // As the decide paths do: a few items per transaction, several touching the same rows.
    await recordArrivalRollups(db, idsOf([1, 2, 4, 5]));
    await recordArrivalRollups(db, idsOf([3, 6, 7, 8, 9]));
    for (const batch of [[1], [2, 3], [4, 5], [7], [8], [9]]) {
      await db.transaction((tx) => recordDecisionRollups(tx, idsOf(batch)));
    }
  });

  it('productivity: decisions, items per active hour, handling percentiles, untagged share', async () => {
    const day = await report({ report: 'productivity', group: 'day' });
    const expected = [
      {
        period_start: MON,
        operator_id: ann,
        operator: 'ann_reports',
        decided: 2,
        active_hours: 1,
        items_per_hour: 2,
        handled: 2,
        handling_p50: 30,
        handling_p90: 60,
        untagged: 1,
        untagged_share: 0.5,
      },
      {
        period_start: MON,
        operator_id: bob,
        operator: 'bob_reports',
        decided: 2,
        active_hours: 2,
        items_per_hour: 1,
        handled: 1,
        handling_p50: 60,
        handling_p90: 60,
        untagged: 0,
        untagged_share: 0,
      },
      {
        period_start: TUE,
        operator: 'ann_reports',
        decided: 2,
        active_hours: 2,
        items_per_hour: 1,
        handled: 2,
        handling_p50: 10,
        handling_p90: 60,
        untagged: 1,
        untagged_share: 0.5,
      },
      {
        period_start: NEXT_MON,
        operator: 'bob_reports',
        decided: 1,
        active_hours: 1,
        handled: 1,
        handling_p50: 30,
        handling_p90: 30,
        untagged: 0,
      },
    ];
    expect(day).toMatchObject({
      report: 'productivity',
      group: 'day',
      start: MON,
      end: '2026-03-10T00:00:00.000Z',
    });
    expectRows(day.rows, expected);
    expectRows((await report({ report: 'productivity', group: 'day' }, 'rows')).rows, expected);

    const week = await report({ report: 'productivity', group: 'week' });
    expectRows(week.rows, [
      {
        period_start: MON,
        operator: 'ann_reports',
        decided: 4,
        active_hours: 3,
        items_per_hour: 4 / 3,
        handled: 4,
        handling_p50: 30,
        handling_p90: 60,
        untagged: 2,
      },
      {
        period_start: MON,
        operator: 'bob_reports',
        decided: 2,
        active_hours: 2,
        handled: 1,
        handling_p50: 60,
      },
      { period_start: NEXT_MON, operator: 'bob_reports', decided: 1 },
    ]);

    const one = await report({ report: 'productivity', group: 'day', operator_id: bob });
    expect(one.rows.map((row) => [row.period_start, row.decided])).toEqual([
      [MON, 2],
      [NEXT_MON, 1],
    ]);
    // A service filter reads the items directly.
    const beta1 = await report({ report: 'productivity', group: 'day', service_id: beta });
    expect(
      (beta1.rows as ProductivityRow[]).map((row) => [row.period_start, row.operator, row.decided]),
    ).toEqual([
      [MON, 'bob_reports', 1],
      [TUE, 'ann_reports', 1],
    ]);
  });

  it('services: arrivals and the decision mix', async () => {
    const expected = [
      {
        period_start: MON,
        service: 'Alpha',
        service_id: alpha,
        arrivals: 4,
        decided: 3,
        by_operators: 3,
        by_ai: 0,
        tagged: 2,
        untagged: 1,
        untagged_share: 1 / 3,
      },
      {
        period_start: MON,
        service: 'Beta',
        arrivals: 3,
        decided: 2,
        by_operators: 1,
        by_ai: 1,
        tagged: 1,
        untagged: 1,
        untagged_share: 0.5,
      },
      { period_start: TUE, service: 'Alpha', arrivals: 1, decided: 1, untagged: 0 },
      { period_start: TUE, service: 'Beta', arrivals: 0, decided: 1, untagged: 1 },
      { period_start: NEXT_MON, service: 'Alpha', arrivals: 1, decided: 1 },
    ];
    expectRows((await report({ report: 'services', group: 'day' })).rows, expected);
    expectRows((await report({ report: 'services', group: 'day' }, 'rows')).rows, expected);
    const hour = await report({ report: 'services', group: 'hour', service_id: beta });
    expect(
      (hour.rows as ServiceVolumeRow[]).map((row) => [row.period_start, row.arrivals, row.decided]),
    ).toEqual([
      ['2026-03-02T10:00:00.000Z', 2, 2],
      ['2026-03-02T23:00:00.000Z', 1, 0],
      ['2026-03-03T00:00:00.000Z', 0, 1],
    ]);
  });

  it('tags: decisions per tag and their share of all decisions', async () => {
    const expected = [
      { period_start: MON, tag: 'additional', decided: 1, share: 0.2 },
      { period_start: MON, tag: 'spam', decided: 2, share: 0.4 },
      { period_start: MON, tag: 'violence', decided: 1, share: 0.2 },
      { period_start: TUE, tag: 'spam', decided: 1, share: 0.5 },
      { period_start: NEXT_MON, tag: 'spam', decided: 1, share: 1 },
    ];
    expectRows((await report({ report: 'tags', group: 'day' })).rows, expected);
    expectRows((await report({ report: 'tags', group: 'day' }, 'rows')).rows, expected);
    const onlyBeta = await report({ report: 'tags', group: 'week', service_id: beta });
    expectRows(onlyBeta.rows, [
      { period_start: MON, tag: 'spam', decided: 1, share: 1 / 3 },
      { period_start: MON, tag: 'violence', decided: 1, share: 1 / 3 },
    ]);
  });

  it('sla: arrival-to-decision percentiles and the share over each service SLA', async () => {
    const expected = [
      {
        period_start: MON,
        service: 'Alpha',
        sla_minutes: 15,
        decided: 3,
        wait_p50: 1200,
        wait_p90: 3600,
        wait_p99: 3600,
        over_sla: 2,
        over_sla_share: 2 / 3,
      },
      {
        period_start: MON,
        service: 'Beta',
        sla_minutes: 5,
        decided: 2,
        wait_p50: 0.5,
        wait_p90: 240,
        wait_p99: 240,
        over_sla: 0,
        over_sla_share: 0,
      },
      { period_start: TUE, service: 'Alpha', decided: 1, wait_p50: 600, over_sla: 0 },
      {
        period_start: TUE,
        service: 'Beta',
        decided: 1,
        wait_p50: 1800,
        over_sla: 1,
        over_sla_share: 1,
      },
      { period_start: NEXT_MON, service: 'Alpha', decided: 1, wait_p50: 60, over_sla: 0 },
    ];
    expectRows((await report({ report: 'sla', group: 'day' })).rows, expected);
    expectRows((await report({ report: 'sla', group: 'day' }, 'rows')).rows, expected);
  });

  it('charts: arrivals, decisions, queue depth and SLA per period, empty periods included', async () => {
    const series = await chart({});
    expect(series.points).toHaveLength(8);
    const expected = [
      {
        period_start: MON,
        arrivals: 7,
        decided: 5,
        queue_depth: 2,
        wait_p50: 240,
        wait_p90: 3600,
        over_sla_share: 0.4,
      },
      {
        period_start: TUE,
        arrivals: 1,
        decided: 2,
        queue_depth: 1,
        wait_p50: 10 * 60,
        wait_p90: 1800,
        over_sla_share: 0.5,
      },
      {
        period_start: '2026-03-04T00:00:00.000Z',
        arrivals: 0,
        decided: 0,
        queue_depth: 1,
        wait_p50: null,
        over_sla_share: null,
      },
    ];
    expectRows(series.points.slice(0, 3), expected);
    expectRows((await chart({}, 'rows')).points.slice(0, 3), expected);
    expect(series.points.at(-1)).toMatchObject({
      period_start: NEXT_MON,
      arrivals: 1,
      decided: 1,
      queue_depth: 1,
    });
    // The depth before the range comes from what arrived and was decided earlier.
    const fromTuesday = await chart({
      from: new Date(TUE),
      group: 'hour',
      to: new Date('2026-03-03T01:59:59Z'),
    });
    expect(fromTuesday.points.map((point) => point.queue_depth)).toEqual([1, 1]);
    const rowsFromTuesday = await chart(
      { from: new Date(TUE), group: 'hour', to: new Date('2026-03-03T01:59:59Z') },
      'rows',
    );
    expect(rowsFromTuesday.points.map((point) => point.queue_depth)).toEqual([1, 1]);
    const beta1 = await chart({ service_id: beta, group: 'week' });
    expect(beta1.points.map((point) => [point.arrivals, point.decided, point.queue_depth])).toEqual(
      [
        [3, 3, 0],
        [0, 0, 0],
      ],
    );
  });

  it('every report and grouping answers the same from the rollups as from the rows', async () => {
    for (const kind of REPORT_KINDS) {
      for (const group of REPORT_GROUPS) {
        for (const service_id of [undefined, alpha]) {
          const query = { report: kind, group, service_id } as Omit<ReportQuery, 'from' | 'to'>;
          const fromRollups: Report = await report(query);
          const fromRows: Report = await report(query, 'rows');
          expectRows(fromRollups.rows, fromRows.rows);
        }
      }
    }
  });

  it('a rebuild from the items gives the rollups the decide paths kept', async () => {
    const snapshot = () => reportRollupSnapshot(server.db);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(20);
    await rebuildReportRollups(server.db);
    expect(await snapshot()).toEqual(kept);
  });

  it("recounts a service's SLA breaches when its SLA changes", async () => {
    const admin = await server.signIn('admin');
    const list = await admin.callOk(serviceEndpoints.list, { query: { per_page: 100 } });
    const row = list.data.find((service) => service.id === beta);
    if (!row) throw new Error('no Beta service');
    await admin.callOk(serviceEndpoints.update, {
      params: { id: beta },
      body: {
        code: row.code,
        name: row.name,
        active: row.active,
        priority: row.priority,
        tags: row.tags,
        submit_without_tags: row.submit_without_tags,
        enable_dynamic_tags: row.enable_dynamic_tags,
        ai_provider: row.ai_provider,
        ai_decides_alone: row.ai_decides_alone,
        ai_word_lists: row.ai_word_lists,
        callback_url: row.callback_url ?? '',
        sla_minutes: 40,
      },
    });
    const sla = await report({ report: 'sla', group: 'day', service_id: beta });
    expect((sla.rows as SlaRow[]).map((row) => [row.sla_minutes, row.over_sla])).toEqual([
      [40, 0],
      [40, 0],
    ]);
    expectRows(
      sla.rows,
      (await report({ report: 'sla', group: 'day', service_id: beta }, 'rows')).rows,
    );
  });
});
