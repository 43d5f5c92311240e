import { TRIAL_STATS_DAYS, type TrialStats } from '../../../src/contract/trials';
import { queryOne, type Queryable } from '../../db/database';
import type { SampleSetDefinition } from './sample-sets';

/**
 * The live counter of a brand's trial decisions (trial_decision_counts): one row per brand, UTC
 * day and sample, added to in the statement that counts a decision, so reading the counter
 * never scans per-visitor rows and its size grows by days, not by visitors.
 */
export async function countTrialDecision(
  db: Queryable,
  brandId: number,
  sampleId: number,
  agreement: 'match' | 'partial' | 'differ',
): Promise<void> {
  await db.query(
    `insert into trial_decision_counts as c (brand_id, day, sample_id, decisions, matched, partial)
     values ($1, (now() at time zone 'UTC')::date, $2, 1, $3, $4)
     on conflict (brand_id, day, sample_id) do update
        set decisions = c.decisions + 1, matched = c.matched + excluded.matched,
            partial = c.partial + excluded.partial, last_at = now()`,
    [brandId, sampleId, agreement === 'match' ? 1 : 0, agreement === 'partial' ? 1 : 0],
  );
}

export async function trialStats(
  db: Queryable,
  brandId: number,
  set: SampleSetDefinition,
): Promise<TrialStats> {
  const totals = await queryOne<{
    decisions: number;
    matched: number;
    partial: number;
    today: number;
    last_at: Date | string | null;
    counted_at: Date | string;
  }>(
    db,
    `select coalesce(sum(decisions), 0)::int as decisions, coalesce(sum(matched), 0)::int as matched,
            coalesce(sum(partial), 0)::int as partial,
            coalesce(sum(decisions) filter (where day = (now() at time zone 'UTC')::date), 0)::int
              as today,
            max(last_at) as last_at, now() as counted_at
       from trial_decision_counts where brand_id = $1`,
    [brandId],
  );
  const days = await db.query<{ day: string; decisions: number; matched: number }>(
    `select to_char(d.day, 'YYYY-MM-DD') as day,
            coalesce(sum(c.decisions), 0)::int as decisions,
            coalesce(sum(c.matched), 0)::int as matched
       from generate_series((now() at time zone 'UTC')::date - ($2::int - 1),
                            (now() at time zone 'UTC')::date, interval '1 day') as d(day)
       left join trial_decision_counts c on c.brand_id = $1 and c.day = d.day::date
      group by d.day order by d.day`,
    [brandId, TRIAL_STATS_DAYS],
  );
  const perSample = await db.query<{ sample_id: number; decisions: number; matched: number }>(
    `select sample_id, sum(decisions)::int as decisions, sum(matched)::int as matched
       from trial_decision_counts where brand_id = $1 group by sample_id`,
    [brandId],
  );
  const bySample = new Map(perSample.map((row) => [row.sample_id, row]));
  return {
    decisions_total: totals?.decisions ?? 0,
    decisions_today: totals?.today ?? 0,
    matched_total: totals?.matched ?? 0,
    partial_total: totals?.partial ?? 0,
    last_decision_at: totals?.last_at ? new Date(totals.last_at).toISOString() : null,
    days,
    samples: set.samples.map((sample) => ({
      sample_id: sample.id,
      title: sample.title,
      decisions: bySample.get(sample.id)?.decisions ?? 0,
      matched: bySample.get(sample.id)?.matched ?? 0,
    })),
    counted_at: new Date(totals?.counted_at ?? Date.now()).toISOString(),
  };
}
