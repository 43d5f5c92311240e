/// <reference lib="webworker" />
/**
 * The console's service worker (vite-plugin-pwa, injectManifest). The caching rules, first
 * match wins; the decisions themselves live in navigation-policy.ts and are unit-tested:
 *
 * 1. API, auth, socket.io and /healthz, other origins and non-GET requests: not answered here,
 *    so the browser goes to the network and nothing is cached.
 * 2. Navigations: network first. No answer, or a 502/504 from a proxy: the precached
 *    maintenance page. A 503 from the server already is the maintenance page.
 * 3. Everything in the precache manifest (hashed assets, icons, maintenance.html, the
 *    manifest): from the cache, refreshed when a new version installs.
 *
 * index.html is deliberately not precached. The server writes a per-browser CSRF token into it,
 * so a copy taken at install time would be stale after the cookie changes, and offline the rule
 * is the maintenance page, not the shell: a console whose data and sockets are unreachable would
 * only pretend to work. The hashed assets are precached, so a running console keeps loading its
 * lazy parts offline, and a reload online needs only the small document from the network.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import {
  MAINTENANCE_URL,
  activatesAtInstall,
  isSkipWaitingMessage,
  navigationFallback,
  routeRequest,
  type NavigationOutcome,
} from './navigation-policy';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
};

self.addEventListener('install', () => {
  if (activatesAtInstall(self.registration.active !== null)) void self.skipWaiting();
});

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Take over the open pages when this version activates (first install, or after Reload).
clientsClaim();

function facts(request: Request, url: URL) {
  return {
    sameOrigin: url.origin === self.location.origin,
    method: request.method,
    mode: request.mode,
    pathname: url.pathname,
  };
}

async function maintenancePage(fallback: Response | null): Promise<Response> {
  return (await matchPrecache(MAINTENANCE_URL)) ?? fallback ?? Response.error();
}

// Rule 2, registered before the precache route so a navigation never gets a cached document.
registerRoute(
  ({ request, url }) => routeRequest(facts(request, url)) === 'navigation',
  async ({ request }) => {
    let response: Response | null = null;
    let outcome: NavigationOutcome;
    try {
      response = await fetch(request);
      outcome = {
        kind: 'response',
        status: response.status,
        isHtml: (response.headers.get('content-type') ?? '').includes('text/html'),
      };
    } catch {
      outcome = { kind: 'network-error' };
    }
    if (response && navigationFallback(outcome) === 'use-response') return response;
    return maintenancePage(response);
  },
);

// Rule 3. Rule 1 needs no code: a request no route matches is left to the browser.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
