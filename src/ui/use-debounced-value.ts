import { useEffect, useState } from 'react';

/** How long search boxes wait after the last keystroke before they ask the server. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * `value` once it has stayed unchanged for `delay` ms. `immediate` (e.g. '') applies at once:
 * clearing a search shows every row without waiting.
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS, immediate?: T): T {
  const [debounced, setDebounced] = useState(value);
  const now = delay <= 0 || (immediate !== undefined && Object.is(value, immediate));
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), now ? 0 : delay);
    return () => window.clearTimeout(timer);
  }, [value, delay, now]);
  return now ? value : debounced;
}
