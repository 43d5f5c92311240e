/**
 * 'Last updated <time>, offline' markers for screens that show cached or persisted data while
 * the network or the server is away. Use the hook for custom layouts, the component otherwise.
 */
import { ApiError } from './api-client';
import { formatDateTime } from './dates';
import { useOnlineStatus } from './online-status';

export const LAST_UPDATED_TEXTS = {
  offline: (time: string) => `Last updated ${time}, offline`,
  unreachable: (time: string) => `Last updated ${time}, server unreachable`,
} as const;

/** The parts of a TanStack Query result the marker needs. */
export interface FreshnessSource {
  data: unknown;
  dataUpdatedAt: number;
  error: unknown;
  failureReason?: unknown;
}

export interface Freshness {
  /** True when the data shown may be old: offline, or the last fetch got no answer. */
  showMarker: boolean;
  updatedAt: Date | null;
  text: string | null;
}

function noAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status === 503);
}

export function describeFreshness(source: FreshnessSource, online: boolean): Freshness {
  const hasData = source.data !== undefined && source.dataUpdatedAt > 0;
  const unreachable = noAnswer(source.error) || noAnswer(source.failureReason);
  if (!hasData || (online && !unreachable))
    return { showMarker: false, updatedAt: null, text: null };
  const updatedAt = new Date(source.dataUpdatedAt);
  const time = formatDateTime(updatedAt);
  return {
    showMarker: true,
    updatedAt,
    text: online ? LAST_UPDATED_TEXTS.unreachable(time) : LAST_UPDATED_TEXTS.offline(time),
  };
}

export function useFreshness(source: FreshnessSource): Freshness {
  return describeFreshness(source, useOnlineStatus());
}

export function LastUpdatedMarker({ query }: { query: FreshnessSource }) {
  const freshness = useFreshness(query);
  if (!freshness.showMarker) return null;
  return (
    <p
      role="status"
      data-testid="last-updated-marker"
      className="inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-600 dark:bg-zinc-800 dark:text-zinc-300"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-500" />
      {freshness.text}
    </p>
  );
}
