import type { ProductivityRow } from '../../../src/contract/reports';
import type { Queryable } from '../../db/database';
import { wellnessTimeByPeriod, type WellnessTime } from './wellbeing-repository';

/**
 * The productivity report's wellness park time: each row gets the seconds of wellbeing break of
 * its operator in its period (a break counts in the period it started). An operator who took a
 * break but decided nothing in a period gets a row of its own, with no decisions, so no break
 * goes unreported. Breaks belong to no service: a report narrowed to one service shows them on
 * its operators' rows only.
 */
export async function withWellnessTime(
  db: Queryable,
  filter: {
    group: 'hour' | 'day' | 'week';
    start: Date;
    end: Date;
    serviceId?: number | undefined;
    operatorId?: number | undefined;
  },
  rows: ProductivityRow[],
): Promise<ProductivityRow[]> {
  const breaks = await wellnessTimeByPeriod(db, {
    group: filter.group,
    start: filter.start,
    end: filter.end,
    ...(filter.operatorId !== undefined ? { operatorId: filter.operatorId } : {}),
  });
  if (breaks.length === 0) return rows;
  const key = (periodStart: string, operatorId: number) => `${periodStart}|${operatorId}`;
  const seconds = new Map(breaks.map((entry) => [key(entry.periodStart, entry.operatorId), entry]));
  const merged = rows.map((row) => ({
    ...row,
    wellness_break_seconds: seconds.get(key(row.period_start, row.operator_id))?.seconds ?? 0,
  }));
  if (filter.serviceId !== undefined) return merged;
  const reported = new Set(rows.map((row) => key(row.period_start, row.operator_id)));
  const breakOnly = breaks
    .filter((entry) => !reported.has(key(entry.periodStart, entry.operatorId)))
    .map(breakOnlyRow);
  if (breakOnly.length === 0) return merged;
  // The report's order: by period, then by operator name, both in code-point order.
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...merged, ...breakOnly].sort(
    (a, b) => compare(a.period_start, b.period_start) || compare(a.operator, b.operator),
  );
}

function breakOnlyRow(entry: WellnessTime): ProductivityRow {
  return {
    period_start: entry.periodStart,
    operator_id: entry.operatorId,
    operator: entry.operator,
    decided: 0,
    active_hours: 0,
    items_per_hour: 0,
    handled: 0,
    handling_p50: null,
    handling_p90: null,
    untagged: 0,
    untagged_share: null,
    wellness_break_seconds: entry.seconds,
  };
}
