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
 *
 * The rollups lag behind the rollup journal (migration 075) by up to a fold, so every read adds
 * what the journal has not folded yet (`currentRows`): the rollup rows of the range, joined with
 * the pending rows of the range, each figure the sum of both and a percentile read again from
 * the summed histogram only where the journal added to it. A report shows a decision the moment
 * it commits, and a fold committing during a read is seen whole or not at all (one statement).
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

/** A rollup table, and the function answering what the journal adds to it. */
interface RollupShape {
  table: string;
  pending: string;
  keys: string[];
  counts: string[];
  /** The histogram, and the percentile columns read from it. */
  histogram?: { column: string; percentiles: [column: string, q: number][] };
}

const SERVICE_ROLLUPS: RollupShape = {
  table: 'report_service_rollups',
  pending: 'report_service_pending()',
  keys: ['grain', 'period_start', 'service_id'],
  counts: ['arrivals', 'decided', 'decided_by_ai', 'untagged', 'over_sla'],
  histogram: {
    column: 'wait_hist',
    percentiles: [
      ['wait_p50', 0.5],
      ['wait_p90', 0.9],
      ['wait_p99', 0.99],
    ],
  },
};

const TOTAL_ROLLUPS: RollupShape = {
  table: 'report_total_rollups',
  pending: 'report_total_pending()',
  keys: ['grain', 'period_start'],
  counts: ['arrivals', 'decided', 'over_sla'],
  histogram: {
    column: 'wait_hist',
    percentiles: [
      ['wait_p50', 0.5],
      ['wait_p90', 0.9],
    ],
  },
};

const OPERATOR_ROLLUPS: RollupShape = {
  table: 'report_operator_rollups',
  pending: 'report_operator_pending()',
  keys: ['grain', 'period_start', 'operator_id'],
  counts: ['decided', 'active_hours', 'untagged', 'handled'],
  histogram: {
    column: 'handle_hist',
    percentiles: [
      ['handle_p50', 0.5],
      ['handle_p90', 0.9],
    ],
  },
};

const TAG_ROLLUPS: RollupShape = {
  table: 'report_tag_rollups',
  pending: 'report_tag_pending()',
  keys: ['grain', 'period_start', 'service_id', 'tag'],
  counts: ['decided'],
};

/** Conditions on the rows of a table expression named by `alias`. */
type Where = (alias: string) => string;

/**
 * A table expression with the columns of `shape`'s table (its keys, counts and percentiles):
 * its rows that `where` picks, with what the journal adds to them. `where` is applied to both
 * sides before the join, so the rollup side reads its index.
 */
function currentRows(shape: RollupShape, where: Where): string {
  const counts = shape.counts.map(
    (column) => `coalesce(r.${column}, 0) + coalesce(p.${column}, 0) as ${column}`,
  );
  const histogram = shape.histogram;
  const percentiles = histogram
    ? histogram.percentiles.map(
        ([column, q]) =>
          `case when p.${histogram.column} is null then r.${column}
                else report_hist_percentile(report_hist_add(r.${histogram.column},
                                                            p.${histogram.column}), ${q}) end
             as ${column}`,
      )
    : [];
  return `(select ${[...shape.keys, ...counts, ...percentiles].join(', ')}
             from (select * from ${shape.table} r where ${where('r')}) r
             full join (select * from ${shape.pending} p where ${where('p')}) p
            using (${shape.keys.join(', ')}))`;
}

/** The range's conditions (grain and period), with the operator or service filter if any. */
function rangeWhere(filter: RollupFilter, params: SqlParams, key?: 'operator' | 'service'): Where {
  const grain = params.add(filter.group);
  const start = params.add(filter.start);
  const end = params.add(filter.end);
  const operator =
    key === 'operator' && filter.operatorId !== undefined ? params.add(filter.operatorId) : null;
  const service =
    key === 'service' && filter.serviceId !== undefined ? params.add(filter.serviceId) : null;
  return (alias) =>
    [
      `${alias}.grain = ${grain}`,
      `${alias}.period_start >= ${start}`,
      `${alias}.period_start < ${end}`,
      ...(operator ? [`${alias}.operator_id = ${operator}`] : []),
      ...(service ? [`${alias}.service_id = ${service}`] : []),
    ].join(' and ');
}

type RollupTable = 'report_operator_rollups' | 'report_service_rollups';

const SHAPES: Record<RollupTable, { shape: RollupShape; key: 'operator' | 'service' }> = {
  report_operator_rollups: { shape: OPERATOR_ROLLUPS, key: 'operator' },
  report_service_rollups: { shape: SERVICE_ROLLUPS, key: 'service' },
};

/** How many rows (lines of the report) a report over `table` would read. */
export async function countRollupRows(
  db: Queryable,
  table: RollupTable,
  filter: RollupFilter,
): Promise<number> {
  const params = new SqlParams();
  const { shape, key } = SHAPES[table];
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from ${currentRows(shape, rangeWhere(filter, params, key))} r`,
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
  const rows = currentRows(OPERATOR_ROLLUPS, rangeWhere(filter, params, 'operator'));
  const row = await queryOne<{ rows: string | null }>(
    db,
    `select json_agg(json_build_array(
              (extract(epoch from r.period_start) * 1000)::bigint, r.operator_id, u.username,
              r.decided, r.active_hours, r.untagged, r.handled, r.handle_p50, r.handle_p90))::text
              as rows
       from (select * from ${rows} r limit ${params.add(limit)}) r
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
  const cells = JSON.parse(row?.rows ?? '[]') as Cells[];
  return cells.map(
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
  const rows = currentRows(SERVICE_ROLLUPS, rangeWhere(filter, params, 'service'));
  return db.query<ServiceRollupRow>(
    `select r.period_start, r.service_id, s.name, s.sla_minutes, r.arrivals, r.decided,
            r.decided_by_ai, r.untagged, r.over_sla, r.wait_p50, r.wait_p90, r.wait_p99
       from ${rows} r join services s on s.id = r.service_id
      ${decidedOnly ? 'where r.decided > 0' : ''}`,
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
  const where = rangeWhere(filter, params, 'service');
  const rows = await db.query<{ period: Date; tag: string; decided: number; total: number }>(
    `with tags as (
       select r.period_start as period, r.tag, sum(r.decided)::int as decided
         from ${currentRows(TAG_ROLLUPS, where)} r group by 1, 2
        limit ${params.add(limit)}
     ), totals as (
       select r.period_start as period, sum(r.decided)::int as total
         from ${currentRows(SERVICE_ROLLUPS, where)} r group by 1
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
         from ${currentRows(TOTAL_ROLLUPS, rangeWhere(filter, params))} r`,
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
  const service = serviceId === undefined ? null : params.add(serviceId);
  const where: Where = (alias) =>
    `((${alias}.grain = 'day' and ${alias}.period_start < ${day})
      or (${alias}.grain = 'hour' and ${alias}.period_start >= ${day}
          and ${alias}.period_start < ${before}))
     ${service ? `and ${alias}.service_id = ${service}` : ''}`;
  const rows = currentRows(service ? SERVICE_ROLLUPS : TOTAL_ROLLUPS, where);
  const row = await queryOne<{ depth: number }>(
    db,
    `select coalesce(sum(r.arrivals - r.decided), 0)::int as depth from ${rows} r`,
    params.values,
  );
  return row?.depth ?? 0;
}
