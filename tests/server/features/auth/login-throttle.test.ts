import { describe, expect, it } from 'vitest';
import { THROTTLE } from '../../../../server/features/auth/login-throttle';
import { useTestServer } from '../../../support/test-server';

const THROTTLED = /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/;

/** The minutes the message names: within the throttle window, never zero. */
function minutesIn(message: string | undefined): number {
  return Number(THROTTLED.exec(message ?? '')?.[1]);
}

describe('sign-in throttling', () => {
  // Behind a trusted proxy the client address comes from X-Forwarded-For, which lets each test
  // sign in from its own address.
  const server = useTestServer({ env: { TRUST_PROXY: '1' } });
  const from = (address: string) => server.client({ 'x-forwarded-for': address });

  it('blocks a username after repeated failures, even with the right password', async () => {
    // Earlier failures for this username from several addresses, as the server records them;
    // the last failure is a real attempt.
    await server.db.query(
      `insert into login_history (username, ip, user_agent, success, reason, attempted_at)
       select 'customer', '198.51.100.' || (10 + n), 'guesser', false, 'wrong password',
              now() - interval '2 minutes'
         from generate_series(1, $1::int) as n`,
      [THROTTLE.maxFailuresPerUsername - 1],
    );
    const attacker = from('198.51.100.1');
    const failed = await attacker.post('/auth/login', { username: 'customer', password: 'guess' });
    expect(failed.status).toBe(401);

    // The owner, from another address, is held back too: the limit is per username.
    const owner = from('198.51.100.2');
    const blocked = await owner.post('/auth/login', { username: 'customer', password: 'demo' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(THROTTLED);
    expect(minutesIn(blocked.body.message)).toBeGreaterThanOrEqual(1);
    expect(minutesIn(blocked.body.message)).toBeLessThanOrEqual(THROTTLE.windowMinutes);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(owner.cookie('mc_session')).toBeUndefined();

    const [last] = await server.db.query<{ success: boolean; reason: string; ip: string }>(
      `select success, reason, ip from login_history
        where username = 'customer' order by id desc limit 1`,
    );
    expect(last).toEqual({ success: false, reason: 'throttled', ip: '198.51.100.2' });

    // Other users are not affected.
    expect(
      (await from('198.51.100.1').post('/auth/login', { username: 'demo', password: 'demo' }))
        .status,
    ).toBe(200);
  });

  it('lets the username in again once its failures leave the window', async () => {
    await server.db.query(
      `update login_history set attempted_at = now() - $1 * interval '1 minute' - interval '1 second'
        where username = 'customer'`,
      [THROTTLE.windowMinutes],
    );
    const response = await from('198.51.100.2').post('/auth/login', {
      username: 'customer',
      password: 'demo',
    });
    expect(response.status).toBe(200);
  });

  it('blocks an address that fails across many usernames', async () => {
    const address = '203.0.113.7';
    // Earlier failures from this address, each for a different (made-up) username.
    await server.db.query(
      `insert into login_history (username, ip, user_agent, success, reason, attempted_at)
       select 'sprayed-' || n, $1, 'spray-bot', false, 'unknown user', now() - interval '1 minute'
         from generate_series(1, $2::int) as n`,
      [address, THROTTLE.maxFailuresPerAddress - 1],
    );
    const sprayer = from(address);
    // A valid account of the sprayer's own does not clear the address's count.
    const own = await sprayer.post('/auth/login', { username: 'operator', password: 'demo' });
    expect(own.status).toBe(200);
    const last = await sprayer.post('/auth/login', { username: 'sprayed-last', password: 'x' });
    expect(last.status).toBe(401);

    const blocked = await sprayer.post('/auth/login', { username: 'developer', password: 'demo' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ ok: false });
    expect(blocked.body.message).toMatch(THROTTLED);
    expect(minutesIn(blocked.body.message)).toBeLessThanOrEqual(THROTTLE.windowMinutes);

    // The same user from another address signs in.
    const elsewhere = await from('203.0.113.8').post('/auth/login', {
      username: 'developer',
      password: 'demo',
    });
    expect(elsewhere.status).toBe(200);
  });
});
