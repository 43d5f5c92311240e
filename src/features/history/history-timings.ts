import type { HistoryTimings } from '../../contract/history';

/**
 * The steps of an item's way from arrival to decision, for the details drawer: each step's time
 * and how long it took since the step before it that was recorded (a step can be missing: an
 * item without an AI answer, or decided by the AI alone, was never assigned or loaded).
 */
export type TimingKey = keyof HistoryTimings;

export const TIMING_ORDER: readonly TimingKey[] = [
  'arrived_at',
  'ai_answered_at',
  'assigned_at',
  'loaded_at',
  'decided_at',
];

export interface TimingStep {
  key: TimingKey;
  at: string | null;
  /** Milliseconds since the previous recorded step; null for the first and missing steps. */
  sincePrevious: number | null;
}

export function timingSteps(timings: HistoryTimings): TimingStep[] {
  let previous: number | null = null;
  return TIMING_ORDER.map((key) => {
    const at = timings[key];
    if (at === null) return { key, at, sincePrevious: null };
    const time = Date.parse(at);
    const sincePrevious = previous === null ? null : Math.max(0, time - previous);
    previous = time;
    return { key, at, sincePrevious };
  });
}

/** '850 ms', '12.4 s', '3 min 05 s', '2 h 14 min', '3 d 4 h'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const totalSeconds = Math.round(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min ${String(totalSeconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
