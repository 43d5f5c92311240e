import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/test-server';

const staticDir = mkdtempSync(path.join(os.tmpdir(), 'mc-test-static-'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><!-- csrf-token --><title>Console</title></head><body></body></html>',
);
writeFileSync(path.join(staticDir, 'app.js'), 'console.log("app");');

describe('serving the console', () => {
  const server = useTestServer({ env: { STATIC_DIR: staticDir } });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  it('serves index.html for a deep link with a CSRF token that works for sign-in', async () => {
    const browser = server.client();
    const page = await browser.get<string>('/dashboard', { requestedWith: false });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const token = /<meta name="csrf-token" content="([^"]+)" \/>/.exec(page.body)?.[1];
    expect(token).toBeDefined();

    const login = await browser.post(
      '/auth/login',
      { username: 'operator', password: 'demo' },
      { csrf: false, headers: { 'x-csrf-token': token ?? '' } },
    );
    expect(login.status).toBe(200);
  });

  it('serves static files and 404s missing ones', async () => {
    const client = server.client();
    expect((await client.get('/app.js')).status).toBe(200);
    expect((await client.get('/missing.js')).status).toBe(404);
  });

  it('answers an unknown API path with JSON, not the page', async () => {
    const response = await server.client().get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ ok: false });
  });
});
