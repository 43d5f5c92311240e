import type {
  ChartPoint,
  ProductivityRow,
  ReportGroup,
  ServiceVolumeRow,
  SlaRow,
  TagRow,
} from '../../../src/contract/reports';
import { nextPeriod } from '../../../src/contract/reports';

/**
 * Turns per-period aggregates into the rows the contract answers, the same way whichever source
 * computed them (the rollups or the raw rows), so the two can be compared figure by figure.
 * Rows come sorted by period, then by name.
 */
export interface ProductivityAggregate {
  period: number;
  operatorId: number;
  operator: string;
  decided: number;
  activeHours: number;
  untagged: number;
  handled: number;
  p50: number | null;
  p90: number | null;
}

export interface ServiceAggregate {
  period: number;
  serviceId: number;
  service: string;
  arrivals: number;
  decided: number;
  byAi: number;
  untagged: number;
}

export interface TagAggregate {
  period: number;
  tag: string;
  decided: number;
  /** Every decision of the period (the share's denominator). */
  total: number;
}

export interface SlaAggregate {
  period: number;
  serviceId: number;
  service: string;
  slaMinutes: number;
  decided: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  overSla: number;
}

export interface ChartAggregate {
  period: number;
  arrivals: number;
  decided: number;
  p50: number | null;
  p90: number | null;
  overSla: number;
}

/** A tag row as both sources select it. */
export function tagAggregate(row: {
  period: Date | string;
  tag: string;
  decided: number;
  total: number;
}): TagAggregate {
  return {
    period: new Date(row.period).getTime(),
    tag: row.tag,
    decided: row.decided,
    total: row.total,
  };
}

const iso = (time: number) => new Date(time).toISOString();
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

// Code-point order, not localeCompare: a quarter of 18,000 rows sorts in milliseconds, and both
// sources sort alike whatever the server's locale.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function byPeriodThen<T extends { period: number }>(name: (row: T) => string) {
  return (a: T, b: T) => a.period - b.period || compareText(name(a), name(b));
}

export function productivityRows(aggregates: ProductivityAggregate[]): ProductivityRow[] {
  return aggregates.sort(byPeriodThen((row) => row.operator)).map((row) => ({
    period_start: iso(row.period),
    operator_id: row.operatorId,
    operator: row.operator,
    decided: row.decided,
    active_hours: row.activeHours,
    items_per_hour: row.activeHours > 0 ? row.decided / row.activeHours : 0,
    handled: row.handled,
    handling_p50: row.p50,
    handling_p90: row.p90,
    untagged: row.untagged,
    untagged_share: ratio(row.untagged, row.decided),
    // Filled by the reader from the wellness breaks (features/wellbeing).
    wellness_break_seconds: 0,
  }));
}

export function serviceRows(aggregates: ServiceAggregate[]): ServiceVolumeRow[] {
  return aggregates.sort(byPeriodThen((row) => row.service)).map((row) => ({
    period_start: iso(row.period),
    service_id: row.serviceId,
    service: row.service,
    arrivals: row.arrivals,
    decided: row.decided,
    by_operators: row.decided - row.byAi,
    by_ai: row.byAi,
    tagged: row.decided - row.untagged,
    untagged: row.untagged,
    untagged_share: ratio(row.untagged, row.decided),
  }));
}

export function tagRows(aggregates: TagAggregate[]): TagRow[] {
  return aggregates.sort(byPeriodThen((row) => row.tag)).map((row) => ({
    period_start: iso(row.period),
    tag: row.tag,
    decided: row.decided,
    share: ratio(row.decided, row.total),
  }));
}

export function slaRows(aggregates: SlaAggregate[]): SlaRow[] {
  return aggregates.sort(byPeriodThen((row) => row.service)).map((row) => ({
    period_start: iso(row.period),
    service_id: row.serviceId,
    service: row.service,
    sla_minutes: row.slaMinutes,
    decided: row.decided,
    wait_p50: row.p50,
    wait_p90: row.p90,
    wait_p99: row.p99,
    over_sla: row.overSla,
    over_sla_share: ratio(row.overSla, row.decided),
  }));
}

/**
 * One point per period of [start, end), empty periods included (a chart's time axis has no
 * gaps), with the queue depth at each period's end: `before` (arrivals less decisions before
 * the range) plus every arrival less every decision up to then.
 */
export function chartPoints(
  aggregates: readonly ChartAggregate[],
  range: { start: number; end: number; group: ReportGroup },
  before: number,
): ChartPoint[] {
  const byPeriod = new Map(aggregates.map((row) => [row.period, row]));
  const points: ChartPoint[] = [];
  let depth = before;
  for (let period = range.start; period < range.end; period = nextPeriod(period, range.group)) {
    const row = byPeriod.get(period);
    depth += (row?.arrivals ?? 0) - (row?.decided ?? 0);
    points.push({
      period_start: iso(period),
      arrivals: row?.arrivals ?? 0,
      decided: row?.decided ?? 0,
      queue_depth: depth,
      wait_p50: row?.p50 ?? null,
      wait_p90: row?.p90 ?? null,
      over_sla_share: row ? ratio(row.overSla, row.decided) : null,
    });
  }
  return points;
}
