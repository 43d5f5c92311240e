/**
 * The service worker's routing decisions as plain functions (no worker globals), so they are
 * unit-tested in tests/unit/sw. sw.ts applies them.
 */

/** Served when a navigation gets no usable answer. Precached; public/maintenance.html. */
export const MAINTENANCE_URL = '/maintenance.html';

/** Paths the service worker never answers and never caches: data, sign-in, sockets, health. */
const NETWORK_ONLY_PREFIXES = ['/api/', '/auth/', '/socket.io/'];
const NETWORK_ONLY_EXACT = new Set(['/api', '/auth', '/socket.io', '/healthz']);

export function isNetworkOnlyPath(pathname: string): boolean {
  return (
    NETWORK_ONLY_EXACT.has(pathname) ||
    NETWORK_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

export interface RequestFacts {
  sameOrigin: boolean;
  method: string;
  mode: string;
  pathname: string;
}

export type RequestRoute = 'network-only' | 'navigation' | 'precache-or-network';

/** Which rule handles a request. The first match wins, in this order. */
export function routeRequest(request: RequestFacts): RequestRoute {
  // Other origins (media from client services), non-GET calls and the API: not ours to answer.
  if (!request.sameOrigin || request.method !== 'GET' || isNetworkOnlyPath(request.pathname)) {
    return 'network-only';
  }
  // Page loads: network first, maintenance page when that fails (navigationFallback).
  if (request.mode === 'navigate') return 'navigation';
  // Build assets, icons, the manifest: the precache when listed there, else the network.
  return 'precache-or-network';
}

/** What came back from the network for a page load: a response, or no answer at all. */
export type NavigationOutcome =
  { kind: 'response'; status: number; isHtml: boolean } | { kind: 'network-error' };

/**
 * - No answer (offline, server down, connection cut): the precached maintenance page.
 * - 503 with HTML: the server's own maintenance page; pass it through as it is.
 * - 502, 504 and a 503 without HTML: a proxy in front of a server that is not there; the
 *   precached maintenance page.
 * - Anything else (pages, redirects, 404s): the server's answer. Online, the console document
 *   always comes from the server, because it carries this browser's CSRF token.
 */
export function navigationFallback(outcome: NavigationOutcome): 'use-response' | 'maintenance' {
  if (outcome.kind === 'network-error') return 'maintenance';
  if (outcome.status === 503) return outcome.isHtml ? 'use-response' : 'maintenance';
  if (outcome.status === 502 || outcome.status === 504) return 'maintenance';
  return 'use-response';
}

/**
 * The first service worker activates at once, so the first visit is controlled (and served
 * offline afterwards). A later version waits until the user presses Reload in the update
 * prompt, which posts SKIP_WAITING: a page never changes version under the operator's hands.
 */
export function activatesAtInstall(hasActiveWorker: boolean): boolean {
  return !hasActiveWorker;
}

export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

export function isSkipWaitingMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === SKIP_WAITING_MESSAGE
  );
}
