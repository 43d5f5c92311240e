import { describe, expect, it } from 'vitest';
import { THROTTLE } from '../../../../server/features/auth/login-throttle';
import {
  SERVER_BUSY_MESSAGE,
  passwordHashSlots,
} from '../../../../server/features/auth/password-hasher';
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
  const counter = async (key: string) => {
    const [row] = await server.db.query<{ count: number; last_at: string }>(
      `select count, last_at::text from rate_limits where key = $1`,
      [key],
    );
    return row;
  };
  const evaluated = async (username: string) => {
    const [row] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from login_history where username = $1 and reason <> 'throttled'`,
      [username],
    );
    return row?.n ?? 0;
  };

  it('evaluates at most the limit of 30 parallel wrong guesses', async () => {
    const guesser = from('198.51.100.1');
    // Each request needs the CSRF token; fetch it once so the 30 posts leave together.
    await guesser.csrf();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        guesser.post('/auth/login', { username: 'customer', password: `guess-${n}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(THROTTLE.maxFailuresPerPair);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - THROTTLE.maxFailuresPerPair,
    );
    expect(await evaluated('customer')).toBe(THROTTLE.maxFailuresPerPair);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.message).toMatch(THROTTLED);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(
      THROTTLE.backoffBaseSeconds,
    );
  });

  it('holds the guesser back even with the right password, and logs it as throttled', async () => {
    const guesser = from('198.51.100.1');
    const blocked = await guesser.post('/auth/login', { username: 'customer', password: 'demo' });
    expect(blocked.status).toBe(429);
    expect(minutesIn(blocked.body.message)).toBeGreaterThanOrEqual(1);
    expect(guesser.cookie('mc_session')).toBeUndefined();
    const [last] = await server.db.query<{ success: boolean; reason: string; ip: string }>(
      `select success, reason, ip from login_history
        where username = 'customer' order by id desc limit 1`,
    );
    expect(last).toEqual({ success: false, reason: 'throttled', ip: '198.51.100.1' });
  });

  it('does not let a stranger lock the owner out from another address', async () => {
    const owner = from('198.51.100.2');
    const response = await owner.post('/auth/login', { username: 'customer', password: 'demo' });
    expect(response.status).toBe(200);
  });

  it('never extends the back-off with attempts made while it runs', async () => {
    const key = 'login-pair:customer|198.51.100.1';
    const before = await counter(key);
    for (let n = 0; n < 5; n += 1) {
      const refused = await from('198.51.100.1').post('/auth/login', {
        username: 'customer',
        password: 'guess',
      });
      expect(refused.status).toBe(429);
    }
    expect(await counter(key)).toEqual(before);
  });

  it('allows one more guess after the back-off, then waits twice as long', async () => {
    const key = 'login-pair:customer|198.51.100.1';
    await server.db.query(
      `update rate_limits set last_at = last_at - $2 * interval '1 second' where key = $1`,
      [key, THROTTLE.backoffBaseSeconds],
    );
    const guesser = from('198.51.100.1');
    expect(
      (await guesser.post('/auth/login', { username: 'customer', password: 'x' })).status,
    ).toBe(401);
    const blocked = await guesser.post('/auth/login', { username: 'customer', password: 'x' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(THROTTLE.backoffBaseSeconds);
    expect(retryAfter).toBeLessThanOrEqual(2 * THROTTLE.backoffBaseSeconds);
  });

  it('blocks an address that fails across many usernames', async () => {
    const address = '203.0.113.7';
    // Earlier failures from this address, as the server counts them.
    await server.db.query(
      `insert into rate_limits (key, count, window_started, last_at)
       values ($1, $2, now() - interval '1 minute', now() - interval '1 minute')`,
      [`login-address:${address}`, THROTTLE.maxFailuresPerAddress - 1],
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
    expect(minutesIn(blocked.body.message)).toBeLessThanOrEqual(THROTTLE.windowMinutes);

    // The same user from another address signs in.
    const elsewhere = await from('203.0.113.8').post('/auth/login', {
      username: 'developer',
      password: 'demo',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('holds a username back when guesses come from many addresses, until the window ends', async () => {
    await server.db.query(
      `insert into rate_limits (key, count, window_started, last_at)
       values ('login-user:batch', $1, now() - interval '1 minute', now())`,
      [THROTTLE.maxFailuresPerUsername - 1],
    );
    const failed = await from('192.0.2.1').post('/auth/login', {
      username: 'batch',
      password: 'x',
    });
    expect(failed.status).toBe(401);
    const owner = await from('192.0.2.2').post('/auth/login', {
      username: 'batch',
      password: 'demo',
    });
    expect(owner.status).toBe(429);
    await server.db.query(
      `update rate_limits set window_started = now() - $1 * interval '1 minute'
        where key = 'login-user:batch'`,
      [THROTTLE.windowMinutes],
    );
    const later = await from('192.0.2.2').post('/auth/login', {
      username: 'batch',
      password: 'demo',
    });
    expect(later.status).toBe(200);
  });
});

describe('password hashes at once', () => {
  const server = useTestServer();

  it('answers 429 with Retry-After when every hash slot and the queue are taken', async () => {
    const client = server.client();
    await client.csrf();
    const { limit, queue } = passwordHashSlots;
    const held = await Promise.all(
      Array.from({ length: limit }, () => passwordHashSlots.acquire()),
    );
    const queued = Array.from({ length: queue }, () => passwordHashSlots.acquire());
    try {
      const busy = await client.post('/auth/login', { username: 'admin', password: 'demo' });
      expect(busy.status).toBe(429);
      expect(busy.body).toEqual({ ok: false, code: 'rate_limited', message: SERVER_BUSY_MESSAGE });
      expect(busy.headers.get('retry-after')).toBe('1');
    } finally {
      for (const release of held) release?.();
      // Each release hands its slot to the next in the queue, so they are let go in order.
      for (const waiting of queued) (await waiting)?.();
    }
    expect(passwordHashSlots.busy).toEqual({ running: 0, waiting: 0 });
    // The refused attempt did not count as a failure.
    const [row] = await server.db.query<{ count: number }>(
      `select count from rate_limits where key = 'login-pair:admin|127.0.0.1'`,
    );
    expect(row?.count ?? 0).toBe(0);
    expect((await client.post('/auth/login', { username: 'admin', password: 'demo' })).status).toBe(
      200,
    );
  });
});
