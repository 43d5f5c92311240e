import { periodStart, type ReportGroup } from '../../../src/contract/reports';
import { queryOne, type Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import {
  tagAggregate,
  type ChartAggregate,
  type ProductivityAggregate,
  type ServiceAggregate,
  type SlaAggregate,
  type TagAggregate,
} from './report-assembly';

/**
 * Reports read from the rollups (migration 049): a report grouped by hour, day or week reads the
 * rows of that grain, each one line of the report with its percentiles already read from its
 * histogram, so a quarter by day for 200 operators is 18,000 small rows whatever the volume
 * behind them. Only tags are summed here (over services).
 */
export interface RollupFilter {
  group: ReportGroup;
  start: Date;
  end: Date;
  serviceId?: number | undefined;
  operatorId?: number | undefined;
}

const time = (value: Date | string) => new Date(value).getTime();
const figure = (value: number | string | null) => (value === null ? null : Number(value));

function rangeConditions(filter: RollupFilter, params: SqlParams): string[] {
  return [
    `r.grain = ${params.add(filter.group)}`,
    `r.period_start >= ${params.add(filter.start)}`,
    `r.period_start < ${params.add(filter.end)}`,
  ];
}

type RollupTable = 'report_operator_rollups' | 'report_service_rollups';

function keyConditions(table: RollupTable, filter: RollupFilter, params: SqlParams): string[] {
  const conditions = rangeConditions(filter, params);
  if (table === 'report_operator_rollups' && filter.operatorId !== undefined) {
    conditions.push(`r.operator_id = ${params.add(filter.operatorId)}`);
  }
  if (table === 'report_service_rollups' && filter.serviceId !== undefined) {
    conditions.push(`r.service_id = ${params.add(filter.serviceId)}`);
  }
  return conditions;
}

/** How many rows (lines of the report) a report over `table` would read. */
export async function countRollupRows(
  db: Queryable,
  table: RollupTable,
  filter: RollupFilter,
): Promise<number> {
  const params = new SqlParams();
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from ${table} r
      where ${keyConditions(table, filter, params).join(' and ')}`,
    params.values,
  );
  return row?.count ?? 0;
}

/**
 * The productivity report's rows, at most `limit` of them, read as one JSON text: a quarter by
 * day is 18,000 rows of nine cells, and the embedded database hands each cell to JavaScript on
 * its own (about 1.4 µs a cell, see server/db/json-rows.ts), which was half the report's time.
 */
export async function productivityFromRollups(
  db: Queryable,
  filter: RollupFilter,
  limit: number,
): Promise<ProductivityAggregate[]> {
  const params = new SqlParams();
  const where = keyConditions('report_operator_rollups', filter, params).join(' and ');
  const row = await queryOne<{ rows: string | null }>(
    db,
    `select json_agg(json_build_array(
              (extract(epoch from r.period_start) * 1000)::bigint, r.operator_id, u.username,
              r.decided, r.active_hours, r.untagged, r.handled, r.handle_p50, r.handle_p90))::text
              as rows
       from (select * from report_operator_rollups r where ${where}
              limit ${params.add(limit)}) r
       join users u on u.id = r.operator_id`,
    params.values,
  );
  type Cells = [
    number,
    number,
    string,
    number,
    number,
    number,
    number,
    number | null,
    number | null,
  ];
  const rows = JSON.parse(row?.rows ?? '[]') as Cells[];
  return rows.map(
    ([period, operatorId, operator, decided, activeHours, untagged, handled, p50, p90]) => ({
      period,
      operatorId,
      operator,
      decided,
      activeHours,
      untagged,
      handled,
      p50: figure(p50),
      p90: figure(p90),
    }),
  );
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
  wait_p50: number | null;
  wait_p90: number | null;
  wait_p99: number | null;
}

async function serviceRollupRows(
  db: Queryable,
  filter: RollupFilter,
  decidedOnly: boolean,
): Promise<ServiceRollupRow[]> {
  const params = new SqlParams();
  const conditions = keyConditions('report_service_rollups', filter, params);
  if (decidedOnly) conditions.push('r.decided > 0');
  return db.query<ServiceRollupRow>(
    `select r.period_start, r.service_id, s.name, s.sla_minutes, r.arrivals, r.decided,
            r.decided_by_ai, r.untagged, r.over_sla, r.wait_p50, r.wait_p90, r.wait_p99
       from report_service_rollups r join services s on s.id = r.service_id
      where ${conditions.join(' and ')}`,
    params.values,
  );
}

export async function servicesFromRollups(
  db: Queryable,
  filter: RollupFilter,
): Promise<ServiceAggregate[]> {
  return (await serviceRollupRows(db, filter, false)).map((row) => ({
    period: time(row.period_start),
    serviceId: row.service_id,
    service: row.name,
    arrivals: row.arrivals,
    decided: row.decided,
    byAi: row.decided_by_ai,
    untagged: row.untagged,
  }));
}

export async function slaFromRollups(db: Queryable, filter: RollupFilter): Promise<SlaAggregate[]> {
  return (await serviceRollupRows(db, filter, true)).map((row) => ({
    period: time(row.period_start),
    serviceId: row.service_id,
    service: row.name,
    slaMinutes: row.sla_minutes,
    decided: row.decided,
    overSla: row.over_sla,
    p50: figure(row.wait_p50),
    p90: figure(row.wait_p90),
    p99: figure(row.wait_p99),
  }));
}

/** Tags summed over services in SQL: at most `limit` rows. */
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
  const rows = await db.query<{ period: Date; tag: string; decided: number; total: number }>(
    `with tags as (
       select r.period_start as period, r.tag, sum(r.decided)::int as decided
         from report_tag_rollups r where ${where} group by 1, 2
        limit ${params.add(limit)}
     ), totals as (
       select r.period_start as period, sum(r.decided)::int as total
         from report_service_rollups r where ${where} group by 1
     )
     select t.period, t.tag, t.decided, coalesce(x.total, 0) as total
       from tags t left join totals x on x.period = t.period`,
    params.values,
  );
  return rows.map(tagAggregate);
}

/** Per period: arrivals, decisions and the SLA figures, of one service or of all. */
export async function chartFromRollups(
  db: Queryable,
  filter: RollupFilter,
): Promise<ChartAggregate[]> {
  type ChartRow = Pick<
    ServiceRollupRow,
    'period_start' | 'arrivals' | 'decided' | 'over_sla' | 'wait_p50' | 'wait_p90'
  >;
  let rows: ChartRow[];
  if (filter.serviceId !== undefined) {
    rows = await serviceRollupRows(db, filter, false);
  } else {
    const params = new SqlParams();
    rows = await db.query<ChartRow>(
      `select r.period_start, r.arrivals, r.decided, r.over_sla, r.wait_p50, r.wait_p90
         from report_total_rollups r where ${rangeConditions(filter, params).join(' and ')}`,
      params.values,
    );
  }
  return rows.map((row) => ({
    period: time(row.period_start),
    arrivals: row.arrivals,
    decided: row.decided,
    overSla: row.over_sla,
    p50: figure(row.wait_p50),
    p90: figure(row.wait_p90),
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
  const table = serviceId === undefined ? 'report_total_rollups' : 'report_service_rollups';
  const service = serviceId === undefined ? '' : `and service_id = ${params.add(serviceId)}`;
  const row = await queryOne<{ depth: number }>(
    db,
    `select coalesce(sum(arrivals - decided), 0)::int as depth from ${table}
      where ((grain = 'day' and period_start < ${day})
          or (grain = 'hour' and period_start >= ${day} and period_start < ${before})) ${service}`,
    params.values,
  );
  return row?.depth ?? 0;
}
