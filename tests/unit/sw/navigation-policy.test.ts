import { describe, expect, it } from 'vitest';
import {
  activatesAtInstall,
  isNetworkOnlyPath,
  isSkipWaitingMessage,
  navigationFallback,
  routeRequest,
  type RequestFacts,
} from '../../../sw/navigation-policy';

const get = (pathname: string, mode = 'cors'): RequestFacts => ({
  sameOrigin: true,
  method: 'GET',
  mode,
  pathname,
});

describe('routeRequest', () => {
  it.each([
    '/api/auth',
    '/api/v2/content/submit-contents',
    '/auth/login',
    '/socket.io/',
    '/healthz',
    '/api',
    // The API reference is the server's own page, never the console's shell.
    '/api/docs',
    '/api/docs/static/swagger-ui-bundle.js',
  ])('never answers or caches %s, not even as a page load', (path) => {
    expect(routeRequest(get(path))).toBe('network-only');
    expect(routeRequest(get(path, 'navigate'))).toBe('network-only');
  });

  it('does not mistake look-alike paths for API calls', () => {
    expect(isNetworkOnlyPath('/apiary')).toBe(false);
    expect(isNetworkOnlyPath('/authors')).toBe(false);
    expect(routeRequest(get('/authors', 'navigate'))).toBe('navigation');
  });

  it('leaves other origins and non-GET requests to the browser', () => {
    expect(routeRequest({ ...get('/assets/a.js'), sameOrigin: false })).toBe('network-only');
    expect(routeRequest({ ...get('/moderation', 'navigate'), method: 'POST' })).toBe(
      'network-only',
    );
  });

  it('handles page loads with the navigation rule', () => {
    for (const path of ['/', '/moderation', '/park', '/trial/acme', '/maintenance.html']) {
      expect(routeRequest(get(path, 'navigate'))).toBe('navigation');
    }
  });

  it('serves other same-origin GETs from the precache when listed there', () => {
    expect(routeRequest(get('/assets/index-abc123.js'))).toBe('precache-or-network');
    expect(routeRequest(get('/icons/icon-192.png', 'no-cors'))).toBe('precache-or-network');
  });
});

describe('navigationFallback', () => {
  it('serves the maintenance page when there is no answer', () => {
    expect(navigationFallback({ kind: 'network-error' })).toBe('maintenance');
  });

  it("passes the server's 503 maintenance page through", () => {
    expect(navigationFallback({ kind: 'response', status: 503, isHtml: true })).toBe(
      'use-response',
    );
  });

  it('serves the maintenance page for gateway errors and a 503 without HTML', () => {
    expect(navigationFallback({ kind: 'response', status: 502, isHtml: true })).toBe('maintenance');
    expect(navigationFallback({ kind: 'response', status: 504, isHtml: false })).toBe(
      'maintenance',
    );
    expect(navigationFallback({ kind: 'response', status: 503, isHtml: false })).toBe(
      'maintenance',
    );
  });

  it('uses every other answer of the server as it is', () => {
    for (const status of [0, 200, 301, 302, 401, 404, 500]) {
      expect(navigationFallback({ kind: 'response', status, isHtml: true })).toBe('use-response');
    }
  });
});

describe('install and update', () => {
  it('activates the first version at once and lets updates wait for the user', () => {
    expect(activatesAtInstall(false)).toBe(true);
    expect(activatesAtInstall(true)).toBe(false);
  });

  it('recognises the Reload message of workbox-window', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
  });
});
