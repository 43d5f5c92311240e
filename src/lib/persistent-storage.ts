/**
 * Asks the browser to keep this origin's storage (IndexedDB, where the outbox waits) instead of
 * clearing it when the device runs low on space: without it, submissions waiting offline could
 * be evicted. Asked once per page after sign-in; browsers grant it silently to installed apps
 * and sites the user engages with, and may refuse otherwise. The answer is shown on the profile
 * page, so an operator on a flaky network can see whether waiting work is safe from eviction.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type PersistenceState = 'unknown' | 'granted' | 'denied' | 'unsupported';

type StorageLike = Pick<StorageManager, 'persist' | 'persisted'>;

let state: PersistenceState = 'unknown';
let asked: Promise<PersistenceState> | undefined;
const listeners = new Set<() => void>();

function set(next: PersistenceState): PersistenceState {
  state = next;
  for (const listener of listeners) listener();
  return next;
}

function browserStorage(): StorageLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** Asks once; later calls answer the first call's result. */
export function requestPersistentStorage(
  storage: StorageLike | undefined = browserStorage(),
): Promise<PersistenceState> {
  asked ??= (async () => {
    if (!storage?.persist || !storage.persisted) return set('unsupported');
    try {
      if (await storage.persisted()) return set('granted');
      return set((await storage.persist()) ? 'granted' : 'denied');
    } catch {
      return set('denied');
    }
  })();
  return asked;
}

/** For tests: forget the answer so the next call asks again. */
export function resetPersistentStorageForTests(): void {
  asked = undefined;
  state = 'unknown';
}

export function usePersistentStorageState(): PersistenceState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Mount in the signed-in layout: asks once a user is signed in. */
export function useRequestPersistentStorage(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) void requestPersistentStorage();
  }, [signedIn]);
}
