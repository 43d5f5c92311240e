import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { authEndpoints } from '../../../src/contract/auth';
import { useTestServer, type TestServer } from '../../support/test-server';

describe('TRUST_PROXY values', () => {
  it('takes a hop count or proxy addresses, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 ,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const value of ['true', 'yes', 'everything', '10.0.0.300']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

/** The client address the server saw, as sign-in history records it. */
async function addressSeen(server: TestServer, forwardedFor: string): Promise<string> {
  const marker = `probe-${Math.random().toString(36).slice(2)}`;
  await server
    .client({ 'x-forwarded-for': forwardedFor })
    .call(authEndpoints.login, { body: { username: marker, password: 'x' } });
  const [row] = await server.db.query<{ ip: string }>(
    'select ip from login_history where username = $1',
    [marker],
  );
  return row?.ip ?? '';
}

describe('one trusted hop', () => {
  const server = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('takes the client from the last X-Forwarded-For entry only', async () => {
    expect(await addressSeen(server, '192.0.2.1')).toBe('192.0.2.1');
    // A client that adds its own entry in front does not move its address.
    expect(await addressSeen(server, '203.0.113.9, 192.0.2.2')).toBe('192.0.2.2');
  });
});

describe('two trusted hops', () => {
  const server = useTestServer({ env: { TRUST_PROXY: '2' } });

  it('skips exactly two proxies', async () => {
    expect(await addressSeen(server, '203.0.113.9, 192.0.2.2, 198.51.100.7')).toBe('192.0.2.2');
  });
});

describe('trusted proxy addresses', () => {
  const server = useTestServer({ env: { TRUST_PROXY: '10.0.0.0/8' } });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    expect(await addressSeen(server, '192.0.2.1')).toBe('127.0.0.1');
  });
});
