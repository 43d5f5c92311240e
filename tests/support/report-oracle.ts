/**
 * Comparing report rows read from the rollups with the same report read from the items (the
 * oracle, readReport's 'rows' source): counts and shares exactly, percentiles within the
 * documented precision of the exact nearest-rank value. And the rollup tables as they are, to
 * compare with a rebuild.
 */
import { expect } from 'vitest';
import { PERCENTILE_PRECISION } from '../../src/contract/reports';
import type { Database, Queryable } from '../../server/db/database';
import { rebuildAiAgreement } from '../../server/features/ai/ai-review-rollup';
import { rebuildReportRollups } from '../../server/features/reports/report-rollups-repository';

/** A percentile read from the rollups against the exact value. */
export function near(actual: number | null, exact: number | null): void {
  if (exact === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  const bound =
    exact < 1 ? PERCENTILE_PRECISION.belowOneSecond : exact * PERCENTILE_PRECISION.relative + 1e-9;
  expect(Math.abs((actual ?? 0) - exact)).toBeLessThanOrEqual(bound);
}

const PERCENTILE_FIELDS = new Set([
  'handling_p50',
  'handling_p90',
  'wait_p50',
  'wait_p90',
  'wait_p99',
]);

/** Rows equal but for percentiles, which are near; `exact` holds the expected percentiles. */
export function expectRows(actual: readonly object[], exact: readonly object[]): void {
  expect(actual).toHaveLength(exact.length);
  actual.forEach((row, index) => {
    const expected = exact[index] as Record<string, unknown>;
    const got = row as Record<string, unknown>;
    for (const [field, value] of Object.entries(expected)) {
      if (PERCENTILE_FIELDS.has(field)) near(got[field] as number | null, value as number | null);
      else if (typeof value === 'number' && !Number.isInteger(value)) {
        expect(got[field], field).toBeCloseTo(value, 9);
      } else expect(got[field], `${field} of row ${index}`).toEqual(value);
    }
  });
}

/** Every report rollup row, in one order: equal snapshots mean equal rollups. */
export function reportRollupSnapshot(db: Queryable): Promise<Record<string, unknown>[]> {
  return db.query(
    `select 's' as t, grain, period_start, service_id as k, '' as tag, arrivals, decided,
            decided_by_ai as ai, untagged, over_sla as over, 0 as hours, wait_hist as hist
       from report_service_rollups
     union all
     select 'o', grain, period_start, operator_id, '', 0, decided, handled, untagged, 0,
            active_hours, handle_hist from report_operator_rollups
     union all
     select 't', grain, period_start, service_id, tag, 0, decided, 0, 0, 0, 0, '{}'
       from report_tag_rollups
     union all
     select 'h', 'hour', period_start, operator_id, '', 0, 0, 0, 0, 0, 0, '{}'
       from report_operator_hours
     union all
     select 'x', grain, period_start, 0, '', arrivals, decided, 0, 0, over_sla, 0, wait_hist
       from report_total_rollups
     order by 1, 2, 3, 4, 5`,
  );
}

/** Every AI review rollup row, in one order. */
export function aiReviewSnapshot(db: Queryable): Promise<Record<string, unknown>[]> {
  return db.query(
    `select service_id, day::text as day, '' as tag, compared as a, agreed as b, ai_alone as c,
            0 as d
       from ai_review_daily
     union all
     select service_id, day::text, tag, tp, fp, fn, tn from ai_agreement_daily
     order by 1, 2, 3`,
  );
}

/**
 * The report and AI rollups are what a rebuild from the items gives: no journal row was added
 * twice or lost. Rebuilds them, so call it with the journal folded.
 */
export async function expectRollupsAsRebuilt(db: Database): Promise<void> {
  const rollups = await reportRollupSnapshot(db);
  const review = await aiReviewSnapshot(db);
  expect(rollups.length).toBeGreaterThan(0);
  await rebuildReportRollups(db);
  await db.transaction((tx) => rebuildAiAgreement(tx));
  expect(await reportRollupSnapshot(db)).toEqual(rollups);
  expect(await aiReviewSnapshot(db)).toEqual(review);
}
