import type { ProductivityRow } from '../../../src/contract/reports';
import type { Queryable } from '../../db/database';
import { wellnessKey, wellnessSecondsByPeriod } from './wellbeing-repository';

/**
 * The productivity report's wellness park time: each row gets the seconds of wellbeing break of
 * its operator in its period (a break counts in the period it started). An operator who took a
 * break but decided nothing in a period has no row there, so that break shows nowhere.
 */
export async function withWellnessTime(
  db: Queryable,
  filter: {
    group: 'hour' | 'day' | 'week';
    start: Date;
    end: Date;
    operatorId?: number | undefined;
  },
  rows: ProductivityRow[],
): Promise<ProductivityRow[]> {
  if (rows.length === 0) return rows;
  const seconds = await wellnessSecondsByPeriod(db, {
    group: filter.group,
    start: filter.start,
    end: filter.end,
    ...(filter.operatorId !== undefined ? { operatorId: filter.operatorId } : {}),
  });
  if (seconds.size === 0) return rows;
  return rows.map((row) => ({
    ...row,
    wellness_break_seconds: seconds.get(wellnessKey(row.period_start, row.operator_id)) ?? 0,
  }));
}
