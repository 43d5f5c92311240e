import { useEffect } from 'react';
import { logFailure } from '../log-failure';
import { mediaSource } from '../components/content-viewer';
import type { ModerationItem } from '../moderation-rules';
import {
  decodedBytes,
  planPrefetch,
  prefetchDisabled,
  type PrefetchEntry,
} from './prefetch-budget';

/**
 * One-frame next card: the images of the items the operator holds but has not looked at yet are
 * loaded and decoded in the background, with the very URL the viewer uses, so the browser has
 * them among its available images when the card shows them: no wait on the network. Bounded by
 * prefetch-budget.ts; nothing is loaded while the browser is offline. Only images: a video
 * element reads its file in ranges of its own, which a prefetch would not serve.
 */
interface Loaded extends PrefetchEntry {
  /** Kept while the item is held, so the decoded image stays in memory. */
  image: HTMLImageElement;
}

const entries = new Map<string, Loaded>();
let wanted: string[] = [];

const STORAGE_KEY = 'moderation.prefetch';

function disabled(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be refused (private mode): prefetch stays on.
  }
  return prefetchDisabled(window.location.search, stored);
}

function pump(): void {
  const plan = planPrefetch(wanted, entries);
  for (const url of plan.drop) {
    const entry = entries.get(url);
    if (entry && entry.bytes === null) entry.image.src = '';
    entries.delete(url);
  }
  if (!navigator.onLine) return;
  for (const url of plan.start) {
    const image = new Image();
    const entry: Loaded = { bytes: null, image };
    entries.set(url, entry);
    image.decoding = 'async';
    image.src = url;
    image
      .decode()
      .then(() => {
        entry.bytes = decodedBytes(image.naturalWidth, image.naturalHeight);
      })
      .catch((error: unknown) => {
        // The viewer will show its own 'cannot load'; here it only stops counting.
        entry.bytes = 0;
        entry.failed = true;
        if (entries.get(url) === entry) logFailure('media prefetch', error);
      })
      .finally(() => {
        if (entries.get(url) === entry) pump();
      });
  }
}

/** The images to prefetch: held items not shown yet, in screen order. */
export function prefetchUrls(items: readonly ModerationItem[]): string[] {
  const urls: string[] = [];
  for (const item of items) {
    if (item.message_type !== 'image' || item.loaded) continue;
    const url = mediaSource(item);
    if (url) urls.push(url);
  }
  return urls;
}

/** Keeps the held items' images prefetched; call once on the moderation screen. */
export function useMediaPrefetch(items: readonly ModerationItem[]): void {
  useEffect(() => {
    if (disabled()) return;
    wanted = prefetchUrls(items);
    pump();
  }, [items]);
  useEffect(() => {
    if (disabled()) return;
    window.addEventListener('online', pump);
    return () => {
      window.removeEventListener('online', pump);
      wanted = [];
      pump();
    };
  }, []);
}
