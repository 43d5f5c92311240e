/**
 * Notices (SPEC §8): success and error messages that hide after 6 seconds. Features call
 * `notify` and never the toast library directly.
 *
 * The toast library loads with the first notice, not with the console: most screens show none
 * for a long while, and it is a tenth of the first load otherwise. A notice raised while it
 * loads is not lost: the host mounts once a notice was asked for, and the library shows every
 * still-active toast to a host that mounts after it was raised.
 */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import type * as ToastLibraryModule from 'sonner';
import { useTheme } from './theme';

export const NOTICE_DURATION_MS = 6_000;

type ToastLibrary = typeof ToastLibraryModule;
let library: Promise<ToastLibrary> | null = null;
const hostListeners = new Set<() => void>();

function loadLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import('sonner');
    for (const listener of hostListeners) listener();
  }
  return library;
}

function show(kind: 'success' | 'error' | 'info', message: string): void {
  void loadLibrary().then(({ toast }) => {
    const options = { duration: NOTICE_DURATION_MS };
    if (kind === 'info') toast(message, options);
    else toast[kind](message, options);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/**
 * Notices stand below the top bar: over it they covered its buttons (the needs-attention list,
 * the profile menu) until they closed, just when a refused result sends the operator there.
 */
const BELOW_APP_BAR = { top: 'calc(var(--spacing-appbar) + 8px)' };

const LazyToaster = lazy(() => loadLibrary().then(({ Toaster }) => ({ default: Toaster })));

function subscribeHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

export function NoticeHost() {
  const theme = useTheme();
  const needed = useSyncExternalStore(subscribeHost, () => library !== null);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster
        theme={theme}
        position="top-right"
        offset={BELOW_APP_BAR}
        mobileOffset={BELOW_APP_BAR}
        richColors
        closeButton
      />
    </Suspense>
  );
}
