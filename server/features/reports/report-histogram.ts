/**
 * Reading the duration histograms of the report rollups (migration 049): element b (1-based)
 * of a histogram counts durations in bucket b. Bucket 1 is [0 s, 1 s); bucket b >= 2 is
 * [1.1^(b-2) s, 1.1^(b-1) s). A percentile is the bucket holding the nearest-rank value (the
 * value PostgreSQL's percentile_disc answers), read as the bucket's geometric middle: within
 * 4.9 % of the exact value, or 0.5 s below one second (PERCENTILE_PRECISION in the contract).
 */
const RATIO = 1.1;

/** The duration a bucket stands for, in seconds. */
export function bucketValue(bucket: number): number {
  if (bucket <= 1) return 0.5;
  return RATIO ** (bucket - 1.5);
}

/** Adds `more` into `into`, element by element. */
export function addHistogram(into: number[], more: readonly number[]): number[] {
  for (let index = 0; index < more.length; index += 1) {
    into[index] = (into[index] ?? 0) + (more[index] ?? 0);
  }
  return into;
}

/** The nearest-rank percentile `q` (0 < q <= 1) of a histogram; null when it is empty. */
export function histogramPercentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let index = 0; index < histogram.length; index += 1) {
    seen += histogram[index] ?? 0;
    if (seen >= rank) return bucketValue(index + 1);
  }
  return bucketValue(histogram.length);
}
