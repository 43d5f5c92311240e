import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chartEndpoints,
  REPORT_LIMITS,
  REPORT_TEXTS,
  reportEndpoints,
  type SavedReport,
  type ServiceVolumeRow,
} from '../../../../src/contract/reports';
import { parseCsv } from '../../../support/csv';
import { createOperator, createTestService } from '../../../support/moderation-fixtures';
import { auditRows, sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import {
  claimItems,
  ingestTexts,
  moderatedResult,
  submitResults,
  type SocketRecorder,
} from '../../../support/protocol';
import { useTestServer } from '../../../support/test-server';

/**
 * The /reports and /charts calls over HTTP: decisions made through the real ingest and submit
 * paths show in the reports at once, bad input is a 422 that says what to do, the CSV export
 * escapes what a spreadsheet would run, and saved reports are per user, shareable, and changed
 * only by their owner.
 */
const DAY_MS = 86_400_000;

describe('/reports and /charts', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const sockets: SocketRecorder[] = [];
  let admin: SignedInUser;
  let developer: SignedInUser;
  let serviceId: number;

  const today = () => {
    const now = Date.now();
    return {
      from: new Date(now - (now % DAY_MS)).toISOString(),
      to: new Date(now - (now % DAY_MS) + DAY_MS - 1).toISOString(),
    };
  };

  beforeAll(async () => {
    admin = await sessionFor(server.db, server.baseUrl, 'admin');
    developer = await sessionFor(server.db, server.baseUrl, 'developer');
    // A name a spreadsheet would run as a formula, with a comma and quotes.
    const { service, token } = await createTestService(server.db, {
      name: '=HYPERLINK("http://x"),"Shop"',
      submitWithoutTags: true,
    });
    serviceId = service.id;
    const ids = await ingestTexts(server.baseUrl, token, 3);
    const operator = await createOperator(server.db, server.baseUrl, { username: 'rita_reports' });
    const claimed = await claimItems(server.baseUrl, operator, 2);
    sockets.push(claimed.socket);
    const answer = await submitResults(operator.client, [
      moderatedResult(operator, claimed.ids[0] ?? 0, { moderated_status: { spam: 1 } }),
      moderatedResult(operator, claimed.ids[1] ?? 0, { moderated_status: { spam: 0 } }),
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(ids).toHaveLength(3);
  });

  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('shows decisions made through ingest and submit in every report and the chart', async () => {
    const range = today();
    const services = await admin.client.callOk(reportEndpoints.report, {
      query: { report: 'services', group: 'day', ...range, service_id: serviceId },
    });
    expect(services.data.rows).toMatchObject([
      { service_id: serviceId, arrivals: 3, decided: 2, by_operators: 2, tagged: 1, untagged: 1 },
    ]);
    const productivity = await admin.client.callOk(reportEndpoints.report, {
      query: { report: 'productivity', group: 'hour', ...range },
    });
    expect(productivity.data.rows).toMatchObject([
      { operator: 'rita_reports', decided: 2, active_hours: 1, items_per_hour: 2, untagged: 1 },
    ]);
    const tags = await admin.client.callOk(reportEndpoints.report, {
      query: { report: 'tags', group: 'week', ...range },
    });
    expect(tags.data.rows).toMatchObject([{ tag: 'spam', decided: 1, share: 0.5 }]);
    const sla = await admin.client.callOk(reportEndpoints.report, {
      query: { report: 'sla', ...range },
    });
    expect(sla.data).toMatchObject({ group: 'day', rows: [{ decided: 2, over_sla: 0 }] });

    const chart = await admin.client.callOk(chartEndpoints.series, {
      query: { group: 'day', ...range },
    });
    expect(chart.data.points).toMatchObject([{ arrivals: 3, decided: 2, queue_depth: 1 }]);

    const options = await admin.client.callOk(reportEndpoints.options, {});
    expect(options.data.services).toContainEqual({
      id: serviceId,
      name: '=HYPERLINK("http://x"),"Shop"',
      sla_minutes: 15,
    });
    expect(options.data.operators.map((operator) => operator.username)).toContain('rita_reports');
  });

  it('exports a report as CSV with formulas neutralised and quotes escaped', async () => {
    const range = today();
    const query = { report: 'services', group: 'day', ...range } as const;
    const answer = await admin.client.get(
      `${reportEndpoints.export.path}?${new URLSearchParams(query).toString()}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(
      /attachment; filename="report-services-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(answer.text).toContain('"\'=HYPERLINK(""http://x""),""Shop"""');
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual([
      'period_utc',
      'service',
      'arrivals',
      'decided',
      'by_operators',
      'by_ai',
      'tagged',
      'untagged',
      'untagged_percent',
    ]);
    const json = await admin.client.callOk(reportEndpoints.report, { query });
    const row = (json.data.rows as ServiceVolumeRow[]).find(
      (item) => item.service_id === serviceId,
    );
    expect(rows).toContainEqual([
      row?.period_start,
      '\'=HYPERLINK("http://x"),"Shop"',
      '3',
      '2',
      '2',
      '0',
      '1',
      '1',
      '50',
    ]);
  });

  it('refuses bad input with a 422 that names the field and what to do', async () => {
    const range = today();
    const refused = async (query: Record<string, string>, field: string, message: RegExp) => {
      const answer = await admin.client.get<{ code: string; fields: Record<string, string> }>(
        `/api/reports?${new URLSearchParams(query).toString()}`,
      );
      expect(answer.status, JSON.stringify(query)).toBe(422);
      expect(answer.body.code).toBe('validation');
      expect(answer.body.fields[field]).toMatch(message);
    };
    await refused({ ...range, report: 'revenue' }, 'report', /productivity, services, tags or sla/);
    await refused({ ...range, report: 'sla', group: 'minute' }, 'group', /hour, day or week/);
    await refused({ ...range, report: 'sla', colour: 'red' }, 'colour', /Unknown filter colour/);
    await refused({ ...range, report: 'sla', service_id: '1abc' }, 'service_id', /number/);
    await refused({ ...range, report: 'sla', service_id: '99999999999' }, 'service_id', /large/);
    await refused({ ...range, report: 'sla', operator_id: '3' }, 'operator_id', /productivity/);
    await refused({ report: 'sla', from: 'yesterday', to: range.to }, 'from', /ISO 8601/);
    await refused({ report: 'sla', to: range.to }, 'from', /date/);
    await refused({ report: 'sla', from: range.to, to: range.from }, 'to', /before/);
    await refused(
      { report: 'sla', from: '2024-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' },
      'to',
      /366 days: choose a shorter range/,
    );
    await refused(
      { report: 'sla', group: 'hour', from: '2026-01-01T00:00:00Z', to: '2026-03-31T23:59:59Z' },
      'group',
      /2,160 periods, more than 744: choose day or week grouping or a shorter range/,
    );
    const chart = await admin.client.get<{ fields: Record<string, string> }>(
      '/api/charts/series?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&report=sla',
    );
    expect(chart.status).toBe(422);
    expect(Object.values(chart.body.fields).join(' ')).toMatch(/Unknown filter report/);
  });

  it('refuses a report of more rows than the cap, saying how to narrow it', async () => {
    // Service rows straight into the rollup: a month of many services, by hour and by day.
    await server.db.query(
      `insert into services (code, name, webhook_secret)
       select 'bulk-' || g, 'Bulk ' || g, 'x' from generate_series(1, 30) g`,
    );
    await server.db.query(
      `insert into report_service_rollups (grain, period_start, service_id, arrivals)
       select 'hour', timestamptz '2025-01-01' + make_interval(hours => h), s.id, 1
         from generate_series(0, 743) h cross join services s where s.code like 'bulk-%'`,
    );
    await server.db.query(
      `insert into report_service_rollups (grain, period_start, service_id, arrivals)
       select 'day', timestamptz '2025-01-01' + make_interval(days => d), s.id, 24
         from generate_series(0, 30) d cross join services s where s.code like 'bulk-%'`,
    );
    const month = { from: '2025-01-01T00:00:00Z', to: '2025-01-31T23:00:00Z' };
    const answer = await admin.client.get<{ message: string }>(
      `/api/reports?report=services&group=hour&from=${month.from}&to=${month.to}`,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(REPORT_TEXTS.tooManyRows);
    expect(744 * 30).toBeGreaterThan(REPORT_LIMITS.maxRows);
    const byDay = await admin.client.callOk(reportEndpoints.report, {
      query: { report: 'services', group: 'day', ...month },
    });
    expect(byDay.data.rows).toHaveLength(31 * 30);
    expect(byDay.data.rows[0]).toMatchObject({ arrivals: 24, decided: 0 });
  });

  it('keeps saved reports per user: shared ones visible to others, changed only by the owner', async () => {
    const filters = { report: 'sla', group: 'week', service_id: serviceId } as const;
    const created = await admin.client.callOk(reportEndpoints.createSaved, {
      body: { name: '  Weekly SLA ', shared: false, filters },
    });
    expect(created.data).toMatchObject({ name: 'Weekly SLA', shared: false, mine: true, filters });
    const id = created.data.id;
    const names = async (user: SignedInUser) =>
      (await user.client.callOk(reportEndpoints.saved, {})).data.map(
        (saved: SavedReport) => `${saved.name}:${saved.mine}`,
      );
    expect(await names(admin)).toEqual(['Weekly SLA:true']);
    expect(await names(developer)).toEqual([]);

    const duplicate = await admin.client.call(reportEndpoints.createSaved, {
      body: { name: 'weekly sla', filters },
    });
    expect(duplicate.status).toBe(409);
    // Another user may use the same name.
    await developer.client.callOk(reportEndpoints.createSaved, {
      body: { name: 'Weekly SLA', filters: { report: 'tags' } },
    });

    await admin.client.callOk(reportEndpoints.updateSaved, {
      params: { id },
      body: { name: 'Weekly SLA', shared: true, filters },
    });
    expect(await names(developer)).toEqual(['Weekly SLA:false', 'Weekly SLA:true']);

    const theirs = await developer.client.call(reportEndpoints.updateSaved, {
      params: { id },
      body: { name: 'Mine now', shared: true, filters },
    });
    expect(theirs.status).toBe(403);
    expect((theirs.body as { message: string }).message).toBe(REPORT_TEXTS.savedNotOwner);
    const theirDelete = await developer.client.call(reportEndpoints.deleteSaved, {
      params: { id },
    });
    expect(theirDelete.status).toBe(403);

    const badFilters = await admin.client.call(reportEndpoints.createSaved, {
      body: { name: 'Odd', filters: { report: 'sla', colour: 'red' } as never },
    });
    expect(badFilters.status).toBe(422);

    await admin.client.callOk(reportEndpoints.deleteSaved, { params: { id } });
    expect(await names(developer)).toEqual(['Weekly SLA:true']);
    const gone = await admin.client.call(reportEndpoints.deleteSaved, { params: { id } });
    expect(gone.status).toBe(404);

    const audit = (await auditRows(server.db)).filter((row) =>
      row.action.startsWith('saved_report.'),
    );
    expect(audit.map((row) => `${row.actor_username} ${row.action}`)).toEqual([
      'admin saved_report.create',
      'developer saved_report.create',
      'admin saved_report.update',
      'admin saved_report.delete',
    ]);
  });
});
