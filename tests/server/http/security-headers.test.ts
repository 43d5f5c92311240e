import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../server/http/security-headers';
import type { TestResponse } from '../../support/test-client';
import { useTestServer } from '../../support/test-server';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP as a map of directive -> sources. */
function csp(response: TestResponse): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectHardened(response: TestResponse, label: string) {
  const policy = csp(response);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(policy.get('script-src')?.[0], label).toBe("'self'");
  expect(policy.get('script-src'), label).not.toContain("'unsafe-inline'");
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), label).toBe('DENY');
  expect(response.headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(response.headers.get('permissions-policy'), label).toContain('camera=()');
}

// A built console with an inline script, as vite writes index.html.
const staticDir = mkdtempSync(path.join(os.tmpdir(), 'mc-test-static-'));
const INLINE = "\n      document.documentElement.dataset.probe = 'yes';\n    ";
writeFileSync(
  path.join(staticDir, 'index.html'),
  `<!doctype html><html><head><!-- csrf-token --><script>${INLINE}</script>` +
    `<script type="module" src="/assets/app.js"></script></head><body></body></html>`,
);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

describe('security headers over http', () => {
  const server = useTestServer({ env: { STATIC_DIR: staticDir } });

  it('are on every kind of answer, without HSTS', async () => {
    const client = server.client();
    const answers: [string, TestResponse][] = [
      ['health', await client.get('/healthz')],
      ['401', await client.get('/api/auth')],
      ['404', await client.get('/api/no-such-thing')],
      ['403 csrf', await client.post('/auth/logout', {}, { csrf: false })],
      ['page', await client.get('/dashboard', { requestedWith: false })],
    ];
    for (const [label, response] of answers) {
      expectHardened(response, label);
      expect(response.headers.get('strict-transport-security'), label).toBeNull();
    }
  });

  it('allows exactly the inline scripts of the pages it serves, by hash', async () => {
    const page = await server.client().get<string>('/', { requestedWith: false });
    const scripts = csp(page).get('script-src') ?? [];
    expect(scripts).toContain(sha256(INLINE));
    const maintenance = readFileSync('public/maintenance.html', 'utf8');
    const maintenanceHashes = inlineScriptHashes(maintenance);
    expect(maintenanceHashes.length).toBeGreaterThan(0);
    for (const hash of maintenanceHashes) expect(scripts).toContain(hash);
    expect(scripts).toHaveLength(1 + 1 + maintenanceHashes.length);
  });

  it('lets the console load media from anywhere and talk to its own socket', async () => {
    const policy = csp(await server.client().get('/healthz'));
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:']));
    expect(policy.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:']));
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws:', 'wss:']));
  });
});

describe('security headers under https (PUBLIC_URL)', () => {
  const server = useTestServer({
    env: { PUBLIC_URL: 'https://console.example.com' },
  });

  it('add HSTS and name only the public origin for sockets', async () => {
    const response = await server.client().get('/healthz');
    expectHardened(response, 'health');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect(csp(response).get('connect-src')).toEqual(["'self'", 'wss://console.example.com']);
  });
});

describe('security headers during maintenance', () => {
  const server = useTestServer({ env: { MAINTENANCE: '1' } });

  it('are on the 503 answers too, and allow the maintenance page its scripts', async () => {
    const api = await server.client().get('/api/auth');
    expect(api.status).toBe(503);
    expectHardened(api, 'api');
    const page = await server.client().get<string>('/dashboard', { requestedWith: false });
    expect(page.status).toBe(503);
    expectHardened(page, 'page');
    const scripts = csp(page).get('script-src') ?? [];
    for (const hash of inlineScriptHashes(page.body)) expect(scripts).toContain(hash);
  });
});
