import { useEffect, useState } from 'react';

/** SPEC §9: the token search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * `value` once it has stayed unchanged for `delay` ms. `immediate` (e.g. '') applies at once:
 * clearing the search shows every row without waiting.
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS, immediate?: T): T {
  const [debounced, setDebounced] = useState(value);
  const now = immediate !== undefined && Object.is(value, immediate);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), now ? 0 : delay);
    return () => window.clearTimeout(timer);
  }, [value, delay, now]);
  return now ? value : debounced;
}
