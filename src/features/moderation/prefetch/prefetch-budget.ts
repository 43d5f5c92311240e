/**
 * Which held items' media the console loads ahead of time (media-prefetch.ts). Pure: no DOM.
 *
 * Held items are visited in the order the screen shows them; each image already loaded (or
 * loading) counts against the budget, and new ones start while both the count and the bytes
 * stay under it. Bytes are the decoded size (width × height × 4): what a kept image costs in
 * memory, and known for any origin (a cross-origin response's size is not). An image whose size
 * is not known yet (still loading) counts as `assumedBytes`.
 */
export interface PrefetchBudget {
  maxCount: number;
  maxBytes: number;
  /** What an image still loading is assumed to cost. */
  assumedBytes: number;
  /** Images loading at once, at most. */
  maxInFlight: number;
}

export const PREFETCH_BUDGET: PrefetchBudget = {
  maxCount: 12,
  maxBytes: 20 * 1024 * 1024,
  assumedBytes: 1024 * 1024,
  maxInFlight: 2,
};

export interface PrefetchEntry {
  /** Decoded bytes once loaded; null while loading. */
  bytes: number | null;
  /** It failed to load: counts nothing, not tried again while held. */
  failed?: boolean;
}

export interface PrefetchPlan {
  /** URLs to start loading now, in order. */
  start: string[];
  /** URLs no held item needs any more: forget them (their memory is freed). */
  drop: string[];
}

export function planPrefetch(
  wanted: readonly string[],
  entries: ReadonlyMap<string, PrefetchEntry>,
  budget: PrefetchBudget = PREFETCH_BUDGET,
): PrefetchPlan {
  const wantedSet = new Set(wanted);
  const drop = [...entries.keys()].filter((url) => !wantedSet.has(url));
  let count = 0;
  let bytes = 0;
  let inFlight = 0;
  for (const [url, entry] of entries) {
    if (!wantedSet.has(url) || entry.failed) continue;
    count += 1;
    bytes += entry.bytes ?? budget.assumedBytes;
    if (entry.bytes === null) inFlight += 1;
  }
  const start: string[] = [];
  for (const url of new Set(wanted)) {
    if (entries.has(url)) continue;
    if (count >= budget.maxCount || bytes >= budget.maxBytes) break;
    if (inFlight >= budget.maxInFlight) break;
    start.push(url);
    count += 1;
    bytes += budget.assumedBytes;
    inFlight += 1;
  }
  return { start, drop };
}

/** The decoded size of an image, in bytes. */
export function decodedBytes(width: number, height: number): number {
  return Math.max(1, width) * Math.max(1, height) * 4;
}

/** `?prefetch=off` in the address, or localStorage 'moderation.prefetch' = 'off', turns it off. */
export function prefetchDisabled(search: string, stored: string | null): boolean {
  const param = new URLSearchParams(search).get('prefetch');
  if (param !== null) return param === 'off' || param === '0';
  return stored === 'off';
}
