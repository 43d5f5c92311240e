import { describe, expect, it } from 'vitest';
import { settingsEndpoints } from '../../../src/contract/settings';
import { putSetting } from '../../../server/features/settings/settings-repository';
import { MAINTENANCE_SETTING } from '../../../server/http/maintenance';
import { useTestServer } from '../../support/test-server';
import { connectSocket, waitFor } from '../../support/protocol';

const PAGE_HEADING = "We'll Be Right Back!";
const PAGE_APOLOGY = 'We apologize for the incovenience.';

describe('maintenance mode from MAINTENANCE=1', () => {
  const server = useTestServer({ env: { MAINTENANCE: '1' } });

  it('answers API calls with 503 JSON and a message', async () => {
    const response = await server.client().get('/api/auth');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      ok: false,
      code: 'unavailable',
      message: expect.stringMatching(/maintenance/i),
    });
  });

  it('answers sign-in with 503 before asking for a CSRF token', async () => {
    const response = await server
      .client()
      .post('/auth/login', { username: 'admin', password: 'demo' }, { csrf: false });
    expect(response.status).toBe(503);
  });

  it('answers a page load with 503 and the maintenance page', async () => {
    for (const path of ['/dashboard', '/', '/login']) {
      const response = await server.client().get<string>(path, { requestedWith: false });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.body).toContain(PAGE_HEADING);
      expect(response.body).toContain(PAGE_APOLOGY);
    }
  });

  it('keeps /healthz answering 200, reporting maintenance', async () => {
    const response = await server.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, maintenance: true });
  });
});

describe('maintenance mode from the setting, at runtime', () => {
  const server = useTestServer();
  const authStatus = async () => (await server.client().get('/api/auth')).status;

  it('starts and ends within a few seconds without a restart', async () => {
    expect(await authStatus()).toBe(401);
    const signedIn = await server.signIn('operator');

    // What `npm run maintenance -- on` writes (see tests/server/cli/maintenance.test.ts).
    await putSetting(server.db, MAINTENANCE_SETTING, true);
    const startedAt = Date.now();
    await waitFor(async () => (await authStatus()) === 503, 'the API answers 503', {
      timeoutMs: 10_000,
    });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const page = await server.client().get<string>('/dashboard', { requestedWith: false });
    expect(page.status).toBe(503);
    expect(page.body).toContain(PAGE_HEADING);
    expect((await server.client().get('/healthz')).body).toEqual({ ok: true, maintenance: true });

    // Sockets are refused while it lasts.
    const refused = await connectSocket(server.baseUrl, '/settings', {
      cookie: signedIn.cookieHeader(),
    });
    expect(refused.connected).toBe(false);

    await putSetting(server.db, MAINTENANCE_SETTING, false);
    await waitFor(async () => (await authStatus()) === 401, 'the API answers again', {
      timeoutMs: 10_000,
    });
    expect((await signedIn.get('/api/auth')).status).toBe(200);
  });

  it('lets whoever may change settings work through it and switch it off on /settings', async () => {
    const admin = await server.signIn('admin');
    const operator = await server.signIn('operator');
    const save = (on: boolean) => admin.call(settingsEndpoints.save, { body: { maintenance: on } });
    expect((await save(true)).status).toBe(200);

    expect((await operator.get('/api/auth')).status).toBe(503);
    expect((await admin.get('/api/auth')).status).toBe(200);
    const page = await admin.get<string>('/settings', { requestedWith: false });
    expect(page.body).not.toContain(PAGE_HEADING);
    const adminSocket = await connectSocket(server.baseUrl, '/settings', {
      cookie: admin.cookieHeader(),
    });
    expect(adminSocket.connected).toBe(true);
    adminSocket.socket.disconnect();
    const operatorSocket = await connectSocket(server.baseUrl, '/settings', {
      cookie: operator.cookieHeader(),
    });
    expect(operatorSocket.connected).toBe(false);
    operatorSocket.socket.disconnect();

    expect((await save(false)).status).toBe(200);
    expect((await operator.get('/api/auth')).status).toBe(200);
  });
});
