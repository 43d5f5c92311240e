import { periodStart, type ReportGroup } from '../../../src/contract/reports';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import {
  Accumulator,
  type ChartAggregate,
  type ProductivityAggregate,
  type ServiceAggregate,
  type SlaAggregate,
  type TagAggregate,
} from './report-assembly';

/**
 * Reports read from the rollups (migration 049): hour grouping reads the hour rows, day and week
 * grouping the day rows, a few thousand rows for a quarter where the raw rows are millions.
 * Rows are summed per period here (a week is seven day rows) with their histograms, whose
 * percentiles are within PERCENTILE_PRECISION of the exact ones.
 */
export interface RollupFilter {
  group: ReportGroup;
  start: Date;
  end: Date;
  serviceId?: number | undefined;
  operatorId?: number | undefined;
}

const grainOf = (group: ReportGroup) => (group === 'hour' ? 'hour' : 'day');
const time = (value: Date | string) => new Date(value).getTime();

function rangeConditions(filter: RollupFilter, params: SqlParams, alias = 'r'): string[] {
  return [
    `${alias}.grain = ${params.add(grainOf(filter.group))}`,
    `${alias}.period_start >= ${params.add(filter.start)}`,
    `${alias}.period_start < ${params.add(filter.end)}`,
  ];
}

/** How many rollup rows a report over `table` would read. */
export async function countRollupRows(
  db: Queryable,
  table: 'report_operator_rollups' | 'report_service_rollups',
  filter: RollupFilter,
): Promise<number> {
  const params = new SqlParams();
  const conditions = rangeConditions(filter, params);
  if (table === 'report_operator_rollups' && filter.operatorId !== undefined) {
    conditions.push(`r.operator_id = ${params.add(filter.operatorId)}`);
  }
  if (table === 'report_service_rollups' && filter.serviceId !== undefined) {
    conditions.push(`r.service_id = ${params.add(filter.serviceId)}`);
  }
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from ${table} r where ${conditions.join(' and ')}`,
    params.values,
  );
  return row?.count ?? 0;
}

export async function productivityFromRollups(
  db: Queryable,
  filter: RollupFilter,
): Promise<ProductivityAggregate[]> {
  const params = new SqlParams();
  const conditions = rangeConditions(filter, params);
  if (filter.operatorId !== undefined) {
    conditions.push(`r.operator_id = ${params.add(filter.operatorId)}`);
  }
  const rows = await db.query<{
    period_start: Date;
    operator_id: number;
    username: string;
    decided: number;
    active_hours: number;
    untagged: number;
    handled: number;
    handle_hist: number[];
  }>(
    `select r.period_start, r.operator_id, u.username, r.decided, r.active_hours, r.untagged,
            r.handled, r.handle_hist
       from report_operator_rollups r join users u on u.id = r.operator_id
      where ${conditions.join(' and ')}`,
    params.values,
  );
  const sums = new Accumulator<
    { period: number; operatorId: number; operator: string },
    {
      decided: number;
      activeHours: number;
      untagged: number;
      handled: number;
    }
  >();
  for (const row of rows) {
    const period = periodStart(time(row.period_start), filter.group);
    sums.add(
      `${period}:${row.operator_id}`,
      { period, operatorId: row.operator_id, operator: row.username },
      {
        decided: row.decided,
        activeHours: row.active_hours,
        untagged: row.untagged,
        handled: row.handled,
      },
      row.handle_hist,
    );
  }
  return sums.map((key, total, percentile) => ({
    ...key,
    ...total,
    p50: percentile(0.5),
    p90: percentile(0.9),
  }));
}

interface ServiceRollupRow {
  period_start: Date;
  service_id: number;
  name: string;
  sla_minutes: number;
  arrivals: number;
  decided: number;
  decided_by_ai: number;
  untagged: number;
  over_sla: number;
  wait_hist: number[];
}

async function serviceRollupRows(
  db: Queryable,
  filter: RollupFilter,
  withHistograms: boolean,
): Promise<ServiceRollupRow[]> {
  const params = new SqlParams();
  const conditions = rangeConditions(filter, params);
  if (filter.serviceId !== undefined) {
    conditions.push(`r.service_id = ${params.add(filter.serviceId)}`);
  }
  return db.query<ServiceRollupRow>(
    `select r.period_start, r.service_id, s.name, s.sla_minutes, r.arrivals, r.decided,
            r.decided_by_ai, r.untagged, r.over_sla,
            ${withHistograms ? 'r.wait_hist' : "'{}'::integer[] as wait_hist"}
       from report_service_rollups r join services s on s.id = r.service_id
      where ${conditions.join(' and ')}`,
    params.values,
  );
}

export async function servicesFromRollups(
  db: Queryable,
  filter: RollupFilter,
): Promise<ServiceAggregate[]> {
  const sums = new Accumulator<
    { period: number; serviceId: number; service: string },
    { arrivals: number; decided: number; byAi: number; untagged: number }
  >();
  for (const row of await serviceRollupRows(db, filter, false)) {
    const period = periodStart(time(row.period_start), filter.group);
    sums.add(
      `${period}:${row.service_id}`,
      { period, serviceId: row.service_id, service: row.name },
      {
        arrivals: row.arrivals,
        decided: row.decided,
        byAi: row.decided_by_ai,
        untagged: row.untagged,
      },
    );
  }
  return sums.map((key, total) => ({ ...key, ...total }));
}

export async function slaFromRollups(db: Queryable, filter: RollupFilter): Promise<SlaAggregate[]> {
  const sums = new Accumulator<
    { period: number; serviceId: number; service: string; slaMinutes: number },
    { decided: number; overSla: number }
  >();
  for (const row of await serviceRollupRows(db, filter, true)) {
    if (row.decided === 0) continue;
    const period = periodStart(time(row.period_start), filter.group);
    sums.add(
      `${period}:${row.service_id}`,
      { period, serviceId: row.service_id, service: row.name, slaMinutes: row.sla_minutes },
      { decided: row.decided, overSla: row.over_sla },
      row.wait_hist,
    );
  }
  return sums.map((key, total, percentile) => ({
    ...key,
    ...total,
    p50: percentile(0.5),
    p90: percentile(0.9),
    p99: percentile(0.99),
  }));
}

/** Tags summed in SQL (no histograms): at most `limit` rows. */
export async function tagsFromRollups(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<TagAggregate[]> {
  const params = new SqlParams();
  const conditions = rangeConditions(filter, params);
  if (filter.serviceId !== undefined) {
    conditions.push(`r.service_id = ${params.add(filter.serviceId)}`);
  }
  const where = conditions.join(' and ');
  const period = `date_trunc(${params.add(filter.group)}, r.period_start, 'UTC')`;
  const rows = await db.query<{ period: Date; tag: string; decided: number; total: number }>(
    `with tags as (
       select ${period} as period, r.tag, sum(r.decided)::int as decided
         from report_tag_rollups r where ${where} group by 1, 2
        limit ${params.add(limit)}
     ), totals as (
       select ${period} as period, sum(r.decided)::int as total
         from report_service_rollups r where ${where} group by 1
     )
     select t.period, t.tag, t.decided, coalesce(x.total, 0) as total
       from tags t left join totals x on x.period = t.period`,
    params.values,
  );
  return rows.map((row) => ({
    period: time(row.period),
    tag: row.tag,
    decided: row.decided,
    total: row.total,
  }));
}

/** Per period of the range: arrivals, decisions and the SLA figures. */
export async function chartFromRollups(
  db: Queryable,
  filter: RollupFilter,
): Promise<ChartAggregate[]> {
  const sums = new Accumulator<
    { period: number },
    { arrivals: number; decided: number; overSla: number }
  >();
  for (const row of await serviceRollupRows(db, filter, true)) {
    const period = periodStart(time(row.period_start), filter.group);
    sums.add(
      String(period),
      { period },
      { arrivals: row.arrivals, decided: row.decided, overSla: row.over_sla },
      row.wait_hist,
    );
  }
  return sums.map((key, total, percentile) => ({
    ...key,
    ...total,
    p50: percentile(0.5),
    p90: percentile(0.9),
  }));
}

/** Arrivals less decisions before `start`: whole days from the day rows, then that day's hours. */
export async function queueDepthFromRollups(
  db: Queryable,
  start: Date,
  serviceId: number | undefined,
): Promise<number> {
  const params = new SqlParams();
  const day = params.add(new Date(periodStart(start.getTime(), 'day')));
  const before = params.add(start);
  const service = serviceId === undefined ? '' : `and service_id = ${params.add(serviceId)}`;
  const row = await queryOne<{ depth: number }>(
    db,
    `select coalesce(sum(arrivals - decided), 0)::int as depth from report_service_rollups
      where ((grain = 'day' and period_start < ${day})
          or (grain = 'hour' and period_start >= ${day} and period_start < ${before})) ${service}`,
    params.values,
  );
  return row?.depth ?? 0;
}
