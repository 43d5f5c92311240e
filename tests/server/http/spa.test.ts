import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/test-server';

const staticDir = mkdtempSync(path.join(os.tmpdir(), 'mc-test-static-'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><!-- csrf-token --><title>Console</title></head><body></body></html>',
);
writeFileSync(path.join(staticDir, 'app.js'), 'console.log("app");');
// A hashed build asset with the twins `vite build` writes beside it, and its source map.
const ASSET = `export const words = '${'moderation '.repeat(200)}';`;
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(path.join(staticDir, 'assets', 'page-AbC123.js'), ASSET);
writeFileSync(path.join(staticDir, 'assets', 'page-AbC123.js.br'), brotliCompressSync(ASSET));
writeFileSync(path.join(staticDir, 'assets', 'page-AbC123.js.gz'), gzipSync(ASSET));
writeFileSync(path.join(staticDir, 'assets', 'page-AbC123.js.map'), '{"version":3}');

/** A GET as a browser sends it, the body left as it came (fetch would decompress it). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

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

  it('marks a page served without a valid session, and only such a page', async () => {
    const signedOut = await server.client().get<string>('/login', { requestedWith: false });
    expect(signedOut.body).toContain('<meta name="session-state" content="none" />');
    const operator = await server.signIn('operator');
    const signedIn = await operator.get<string>('/moderation', { requestedWith: false });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('<meta name="csrf-token"');
    expect(signedIn.body).not.toContain('session-state');
  });

  it('serves static files and 404s missing ones', async () => {
    const client = server.client();
    expect((await client.get('/app.js')).status).toBe(200);
    expect((await client.get('/missing.js')).status).toBe(404);
  });

  it('sends the precompressed twin the browser accepts, cached for good, and no source maps', async () => {
    const url = `${server.baseUrl}/assets/page-AbC123.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(ASSET);
    expect(brotli.body.length).toBeLessThan(ASSET.length / 5);

    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await rawGet(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);

    expect((await rawGet(`${url}.map`, 'gzip, br')).status).toBe(404);
  });

  it('answers an unknown API path with JSON, not the page', async () => {
    const response = await server.client().get('/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ ok: false });
  });
});
