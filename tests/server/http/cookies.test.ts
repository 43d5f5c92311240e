import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../src/contract/auth';
import { parseSetCookie, type TestClient } from '../../support/test-client';
import { useTestServer } from '../../support/test-server';

function setCookie(response: { setCookies: string[] }, name: string) {
  const line = response.setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  return line === undefined ? undefined : parseSetCookie(line);
}

async function signIn(client: TestClient, remember?: boolean) {
  const body = { username: 'operator', password: 'demo', ...(remember ? { remember } : {}) };
  const response = await client.call(authEndpoints.login, { body });
  expect(response.status).toBe(200);
  return response;
}

describe('cookies over http', () => {
  const server = useTestServer({ env: { SESSION_ABSOLUTE_HOURS: '12' } });

  it('make the session end with the browser unless "remember me" is chosen', async () => {
    const plain = setCookie(await signIn(server.client()), 'mc_session');
    expect(plain).toBeDefined();
    expect(plain?.attributes.has('max-age')).toBe(false);
    expect(plain?.attributes.has('expires')).toBe(false);

    const remembered = setCookie(await signIn(server.client(), true), 'mc_session');
    expect(remembered?.attributes.get('max-age')).toBe(String(12 * 3600));
  });

  it('refuse a "remember" that is not a boolean', async () => {
    // Not through the typed call: the contract would not let the test send a string.
    const response = await server
      .client()
      .post(authEndpoints.login.path, { username: 'operator', password: 'demo', remember: 'yes' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('validation');
    expect(response.body.fields).toHaveProperty('remember');
  });
});

describe('cookies when served over https', () => {
  const server = useTestServer({ env: { PUBLIC_URL: 'https://console.example.com' } });

  it('carry the __Host- prefix and Secure, and work', async () => {
    const client = server.client();
    const response = await signIn(client);
    const session = setCookie(response, '__Host-mc_session');
    expect(session).toBeDefined();
    expect(session?.attributes.has('secure')).toBe(true);
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('path')).toBe('/');
    expect(session?.attributes.has('domain')).toBe(false);
    expect(response.setCookies.some((line) => line.startsWith('mc_session='))).toBe(false);
    expect((await client.call(authEndpoints.currentUser, {})).status).toBe(200);

    const csrf = (await server.client().call(authEndpoints.csrfToken, {})).setCookies.map(
      parseSetCookie,
    );
    expect(csrf.map((cookie) => cookie.name)).toEqual(['__Host-mc_csrf']);
    expect(csrf[0]?.attributes.has('secure')).toBe(true);
    expect(csrf[0]?.attributes.get('path')).toBe('/');

    const logout = await client.call(authEndpoints.logout, {});
    const cleared = setCookie(logout, '__Host-mc_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.has('secure')).toBe(true);
    expect((await client.call(authEndpoints.currentUser, {})).status).toBe(401);
  });

  it('ignore a session cookie without the prefix', async () => {
    const signedIn = server.client();
    await signIn(signedIn);
    const planted = server.client();
    planted.setCookie('mc_session', signedIn.cookie('__Host-mc_session') ?? '');
    expect((await planted.call(authEndpoints.currentUser, {})).status).toBe(401);
  });
});
