import { describe, expect, it } from 'vitest';
import {
  decodedBytes,
  planPrefetch,
  prefetchDisabled,
  type PrefetchBudget,
  type PrefetchEntry,
} from '../../../../src/features/moderation/prefetch/prefetch-budget';

const MB = 1024 * 1024;
const BUDGET: PrefetchBudget = { maxCount: 4, maxBytes: 5 * MB, assumedBytes: MB, maxInFlight: 2 };

const urls = (n: number) => Array.from({ length: n }, (_, k) => `https://media.test/${k}.jpg`);

describe('planPrefetch', () => {
  it('starts the held images in screen order, at most maxInFlight at once', () => {
    expect(planPrefetch(urls(6), new Map(), BUDGET)).toEqual({
      start: urls(2),
      drop: [],
    });
  });

  it('keeps to the count: loaded images count, and no more start past it', () => {
    const entries = new Map<string, PrefetchEntry>(urls(3).map((url) => [url, { bytes: 100_000 }]));
    // Three loaded, one more allowed by count.
    expect(planPrefetch(urls(6), entries, BUDGET).start).toEqual([urls(6)[3]]);
  });

  it('keeps to the bytes: a large loaded image leaves room for fewer', () => {
    const entries = new Map<string, PrefetchEntry>([[urls(1)[0]!, { bytes: 4.5 * MB }]]);
    // 4.5 MB used, 5 MB allowed: one more (assumed 1 MB) goes over, so none after it.
    expect(planPrefetch(urls(4), entries, BUDGET).start).toEqual([urls(4)[1]]);
    entries.set(urls(4)[1]!, { bytes: MB });
    expect(planPrefetch(urls(4), entries, BUDGET).start).toEqual([]);
  });

  it('counts an image still loading as assumed bytes and as in flight', () => {
    const entries = new Map<string, PrefetchEntry>([
      [urls(1)[0]!, { bytes: null }],
      [urls(2)[1]!, { bytes: null }],
    ]);
    expect(planPrefetch(urls(5), entries, BUDGET).start).toEqual([]);
  });

  it('drops what no held item needs any more, which frees its room', () => {
    const entries = new Map<string, PrefetchEntry>(urls(4).map((url) => [url, { bytes: MB }]));
    const held = urls(6).slice(2);
    expect(planPrefetch(held, entries, BUDGET)).toEqual({
      start: [urls(6)[4], urls(6)[5]],
      drop: [urls(6)[0], urls(6)[1]],
    });
  });

  it('does not try a failed image again, nor count it', () => {
    const entries = new Map<string, PrefetchEntry>([[urls(1)[0]!, { bytes: 0, failed: true }]]);
    expect(planPrefetch(urls(3), entries, BUDGET).start).toEqual(urls(3).slice(1));
  });
});

describe('decodedBytes and the off switch', () => {
  it('sizes an image as decoded RGBA', () => {
    expect(decodedBytes(640, 480)).toBe(1_228_800);
  });

  it('is off with ?prefetch=off or the stored flag; the address wins', () => {
    expect(prefetchDisabled('', null)).toBe(false);
    expect(prefetchDisabled('?prefetch=off', null)).toBe(true);
    expect(prefetchDisabled('?prefetch=0', null)).toBe(true);
    expect(prefetchDisabled('', 'off')).toBe(true);
    expect(prefetchDisabled('?prefetch=on', 'off')).toBe(false);
  });
});
