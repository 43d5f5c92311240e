import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/test-server';

describe('CSRF defence', () => {
  const server = useTestServer();
  const login = { username: 'admin', password: 'demo' };

  it('refuses a state-changing call without the CSRF token with 403 JSON', async () => {
    const response = await server.client().post('/auth/login', login, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      ok: false,
      code: 'csrf',
      message: expect.stringMatching(/token/i),
    });
  });

  it('refuses a state-changing call without X-Requested-With with 403 JSON', async () => {
    const response = await server.client().post('/auth/login', login, { requestedWith: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      ok: false,
      code: 'forbidden',
      message: expect.stringContaining('X-Requested-With'),
    });
  });

  it('refuses a forged token', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.post('/auth/login', login, {
      csrf: false,
      headers: { 'x-csrf-token': 'forged-token' },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a token issued to another browser's secret", async () => {
    const victim = server.client();
    const stolenToken = await server.client().csrf();
    await victim.csrf();
    const response = await victim.post('/auth/login', login, {
      csrf: false,
      headers: { 'x-csrf-token': stolenToken },
    });
    expect(response.status).toBe(403);
  });

  it('accepts the call with both the token and the header', async () => {
    const response = await server.client().post('/auth/login', login);
    expect(response.status).toBe(200);
  });

  it('keeps a session when a forged sign-out arrives without the token', async () => {
    const client = await server.signIn('developer');
    const forged = await client.post('/auth/logout', undefined, { csrf: false });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/auth')).status).toBe(200);
  });

  it('does not let a bearer header stand in for the token on cookie routes', async () => {
    const client = await server.signIn('developer');
    const forged = await client.post('/auth/logout', undefined, {
      csrf: false,
      headers: { authorization: 'Bearer anything' },
    });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/auth')).status).toBe(200);
  });

  it('needs no token for reads', async () => {
    const client = await server.signIn('customer');
    const response = await client.get('/api/auth', { requestedWith: false });
    expect(response.status).toBe(200);
  });
});
