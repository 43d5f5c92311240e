/**
 * The TanStack Query cache, persisted to localStorage with the sync-storage persister, so
 * dashboards and lists show their last data (marked as such, see last-updated.tsx) when the
 * network or the server is away. Rules:
 *
 * - Queries whose key starts with 'auth' are never persisted. The current user must come from
 *   the server at every start: a persisted user would let a signed-out (or expired) browser
 *   render the signed-in shell, and its permissions could be out of date.
 * - Only successful queries are persisted, at most a day old (maxAge), and the whole cache is
 *   dropped when a new build ships (buster), because stored shapes may have changed.
 * - The cache belongs to one user: when a different user signs in on this device, everything
 *   but the auth queries is dropped before it can show (watchCacheOwner).
 * - A query opts out with `meta: { persist: false }` (large or sensitive data).
 * - What is restored shows at once and is fetched again as soon as it is used
 *   (refreshRestoredQueries): the copy is written at most once a second, so after a reload it
 *   may be older than its dataUpdatedAt says (a change saved just before the reload), and
 *   staleTime alone would keep showing the list before the change for up to a minute.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

/** Set by vite.config.ts at build time; absent in tests. */
declare const __BUILD_ID__: string | undefined;

export const QUERY_CACHE_STORAGE_KEY = 'moderation-console-query-cache';
const OWNER_STORAGE_KEY = 'moderation-console-query-cache-owner';
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BUILD_ID = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'development';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser: run without persistence
  }
}

/** Typed by shape: the persister brings its own copy of query-core, whose Query class differs. */
export interface PersistableQuery {
  queryKey: readonly unknown[];
  state: { status: string };
  meta?: Record<string, unknown> | undefined;
}

export function shouldPersistQuery(query: PersistableQuery): boolean {
  return (
    query.state.status === 'success' &&
    query.queryKey[0] !== 'auth' &&
    query.meta?.persist !== false
  );
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createSyncStoragePersister({
    storage: storage(),
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: 1_000,
  }),
  maxAge: PERSIST_MAX_AGE_MS,
  buster: BUILD_ID,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};

/**
 * Watches the current-user query (`currentUserKey`) and drops the other cached queries when the
 * signed-in user is not the one the cache was filled for.
 */
export function watchCacheOwner(
  queryClient: QueryClient,
  currentUserKey: readonly unknown[],
): () => void {
  const hash = JSON.stringify(currentUserKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== hash) return;
    const user = event.query.state.data as { id?: unknown } | null | undefined;
    if (!user || typeof user.id !== 'number') return;
    const owner = String(user.id);
    const store = storage();
    const previous = store?.getItem(OWNER_STORAGE_KEY) ?? null;
    if (previous === owner) return;
    store?.setItem(OWNER_STORAGE_KEY, owner);
    if (previous !== null) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    }
  });
}

/**
 * After a restore, before any query runs: every restored query counts as stale, so its first use
 * fetches it again. Nothing is fetched or cancelled here (the current user's query, never
 * persisted, may be on its way).
 */
export function refreshRestoredQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== 'auth',
    refetchType: 'none',
  });
}
