import {
  alignedRange,
  REPORT_LIMITS,
  REPORT_TEXTS,
  type ChartQuery,
  type ChartSeries,
  type Report,
  type ReportQuery,
} from '../../../src/contract/reports';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http/errors';
import { withWellnessTime } from '../wellbeing/wellness-report';
import { chartPoints, productivityRows, serviceRows, slaRows, tagRows } from './report-assembly';
import {
  chartFromRollups,
  countRollupRows,
  productivityFromRollups,
  queueDepthFromRollups,
  servicesFromRollups,
  slaFromRollups,
  tagsFromRollups,
  type RollupFilter,
} from './report-rollup-repository';
import {
  chartFromRows,
  productivityFromRows,
  queueDepthFromRows,
  servicesFromRows,
  slaFromRows,
  tagsFromRows,
} from './report-rows-repository';

/**
 * Answers a report or a chart series from one of two sources: `rollups` (what the endpoints
 * use) or `rows`, every item read directly with exact percentiles (the bench's baseline and the
 * tests' oracle). Both answer the same rows in the same order; only percentiles differ, within
 * PERCENTILE_PRECISION. A report of more than REPORT_LIMITS.maxRows rows is refused with a 422
 * that says how to narrow it, before the rollup rows are read when that can be told from their
 * count.
 */
export type ReportSource = 'rollups' | 'rows';

function tooMany(): never {
  throw new HttpError(422, REPORT_TEXTS.tooManyRows, { group: REPORT_TEXTS.tooManyRows });
}

function capped<T>(rows: T[]): T[] {
  return rows.length > REPORT_LIMITS.maxRows ? tooMany() : rows;
}

function filterOf(query: {
  from: Date;
  to: Date;
  group: ReportQuery['group'];
  service_id?: number | undefined;
  operator_id?: number | undefined;
}): RollupFilter {
  const { start, end } = alignedRange(query.from, query.to, query.group);
  return {
    group: query.group,
    start,
    end,
    serviceId: query.service_id,
    operatorId: query.operator_id,
  };
}

/** Rollup rows map one to one onto report rows: too many of them is too many rows. */
async function checkRollupRows(
  db: Queryable,
  table: Parameters<typeof countRollupRows>[1],
  filter: RollupFilter,
): Promise<void> {
  if ((await countRollupRows(db, table, filter)) > REPORT_LIMITS.maxRows) tooMany();
}

export async function readReport(
  db: Queryable,
  query: ReportQuery,
  source: ReportSource = 'rollups',
): Promise<Report> {
  const filter = filterOf(query);
  const meta = {
    group: query.group,
    start: filter.start.toISOString(),
    end: filter.end.toISOString(),
  };
  const limit = REPORT_LIMITS.maxRows + 1;
  const rollups = source === 'rollups';
  switch (query.report) {
    case 'productivity': {
      // The operator rollups have no service key and no hours: one service's decisions, and a
      // report by hour (at most a month), are read from the items.
      // The rollup read stops one row past the most a report may have, so that is its check.
      const direct = !rollups || filter.serviceId !== undefined || filter.group === 'hour';
      const aggregates = direct
        ? await productivityFromRows(db, filter, limit)
        : await productivityFromRollups(db, filter, limit);
      const rows = productivityRows(capped(aggregates));
      // Operators who only took breaks add rows: the cap holds for those too.
      const withBreaks = capped(await withWellnessTime(db, filter, rows));
      return { report: 'productivity', ...meta, rows: withBreaks };
    }
    case 'services': {
      if (rollups) await checkRollupRows(db, 'report_service_rollups', filter);
      const aggregates = rollups
        ? await servicesFromRollups(db, filter)
        : await servicesFromRows(db, filter, limit);
      return { report: 'services', ...meta, rows: serviceRows(capped(aggregates)) };
    }
    case 'tags': {
      const aggregates = rollups
        ? await tagsFromRollups(db, filter, limit)
        : await tagsFromRows(db, filter, limit);
      return { report: 'tags', ...meta, rows: tagRows(capped(aggregates)) };
    }
    case 'sla': {
      if (rollups) await checkRollupRows(db, 'report_service_rollups', filter);
      const aggregates = rollups
        ? await slaFromRollups(db, filter)
        : await slaFromRows(db, filter, limit);
      return { report: 'sla', ...meta, rows: slaRows(capped(aggregates)) };
    }
  }
}

export async function readChartSeries(
  db: Queryable,
  query: ChartQuery,
  source: ReportSource = 'rollups',
): Promise<ChartSeries> {
  const filter = filterOf(query);
  const [aggregates, before] =
    source === 'rollups'
      ? [
          await chartFromRollups(db, filter),
          await queueDepthFromRollups(db, filter.start, filter.serviceId),
        ]
      : [
          await chartFromRows(db, filter),
          await queueDepthFromRows(db, filter.start, filter.serviceId),
        ];
  return {
    group: query.group,
    start: filter.start.toISOString(),
    end: filter.end.toISOString(),
    points: chartPoints(
      aggregates,
      { start: filter.start.getTime(), end: filter.end.getTime(), group: query.group },
      before,
    ),
  };
}
