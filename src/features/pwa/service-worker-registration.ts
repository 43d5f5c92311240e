/**
 * Registers the service worker (sw/sw.ts) through workbox-window and tracks whether a new
 * version waits. A waiting version is applied only by `applyUpdate`, i.e. when the user presses
 * Reload, and only once the outbox in this tab is not sending (`whenSafe`).
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

export interface UpdateState {
  /** A new version is installed and waits (or another tab already switched to it). */
  updateReady: boolean;
  /** The user pressed Reload; we wait for a safe moment. */
  applying: boolean;
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;
let state: UpdateState = { updateReady: false, applying: false };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function publish(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

let registering = false;

/** workbox-window loads here rather than with the console: nothing needs it before this runs. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  void import('workbox-window').then(({ Workbox }) => {
    const instance = new Workbox('/sw.js', { scope: '/' });
    workbox = instance;
    // Installed and waiting, also when it was already waiting before this page loaded.
    instance.addEventListener('waiting', () => publish({ updateReady: true }));
    // Another tab applied an update: this page runs old code under the new worker; offer Reload.
    instance.addEventListener('controlling', (event) => {
      if (event.isUpdate && !state.applying) publish({ updateReady: true });
    });
    void instance.register();
    setInterval(() => void instance.update(), UPDATE_CHECK_MS);
  });
}

/** Switches to the waiting version and reloads, after `whenSafe` (the outbox is idle). */
export async function applyUpdate(whenSafe: () => Promise<void>): Promise<void> {
  if (state.applying) return;
  publish({ applying: true });
  await whenSafe();
  const registration = await navigator.serviceWorker?.getRegistration();
  if (workbox && registration?.waiting) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => void whenSafe().then(() => window.location.reload()),
      { once: true },
    );
    workbox.messageSkipWaiting();
  } else {
    window.location.reload();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(subscribe, () => state);
}
