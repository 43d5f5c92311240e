import { useSyncExternalStore } from 'react';

/**
 * One ticking clock for every component that shows a live duration (the moderation cards' SLA
 * timers): a single interval while anyone listens, none otherwise. Each listener re-renders
 * only itself, once a second, instead of each keeping a timer of its own.
 */
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function clockNow(): number {
  return now;
}

/** How many intervals run (tests: one for any number of listeners). */
export function clockIntervals(): number {
  return timer === null ? 0 : 1;
}

/** The shared clock's time in ms, updated once a second. */
export function useSharedNow(): number {
  return useSyncExternalStore(subscribeClock, clockNow, clockNow);
}
