import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../../server/features/auth/tokens';
import { findUsersBySessions } from '../../../server/features/users/user-repository';
import { SESSION_COOKIE } from '../../../server/http/session';
import { useTestServer } from '../../support/test-server';

describe('session lifetime', () => {
  // Short limits, so expiry can be shown by moving timestamps a little into the past.
  const server = useTestServer({
    env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '8' },
  });

  const sessionHash = (client: { cookie(name: string): string | undefined }) =>
    hashSecret(client.cookie(SESSION_COOKIE) ?? '');

  it('keeps an active session alive: a request moves its idle clock', async () => {
    const client = await server.signIn('admin');
    await server.db.query(
      `update sessions set last_seen_at = now() - interval '29 minutes' where id_hash = $1`,
      [sessionHash(client)],
    );
    expect((await client.get('/api/auth')).status).toBe(200);
    const [row] = await server.db.query<{ idle_seconds: number }>(
      `select extract(epoch from now() - last_seen_at)::int as idle_seconds
         from sessions where id_hash = $1`,
      [sessionHash(client)],
    );
    expect(row?.idle_seconds).toBeLessThan(60);
  });

  it('moves the idle clock only when it is older than a step, so most requests write nothing', async () => {
    const client = await server.signIn('operator');
    const seenAgo = async () =>
      (
        await server.db.query<{ seconds: number }>(
          `select extract(epoch from now() - last_seen_at)::int as seconds
             from sessions where id_hash = $1`,
          [sessionHash(client)],
        )
      )[0]?.seconds;
    // 20 s ago is within the step (30 s for a 30-minute timeout): the clock stays.
    await server.db.query(
      `update sessions set last_seen_at = now() - interval '20 seconds' where id_hash = $1`,
      [sessionHash(client)],
    );
    expect((await client.get('/api/auth')).status).toBe(200);
    expect(await seenAgo()).toBeGreaterThanOrEqual(19);
    // 40 s ago is past it: the request moves the clock.
    await server.db.query(
      `update sessions set last_seen_at = now() - interval '40 seconds' where id_hash = $1`,
      [sessionHash(client)],
    );
    expect((await client.get('/api/auth')).status).toBe(200);
    expect(await seenAgo()).toBeLessThan(5);
  });

  it('ends a session that was idle longer than SESSION_IDLE_MINUTES', async () => {
    const client = await server.signIn('operator');
    await server.db.query(
      `update sessions set last_seen_at = now() - interval '31 minutes' where id_hash = $1`,
      [sessionHash(client)],
    );
    const response = await client.get('/api/auth');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ ok: false, message: expect.stringContaining('sign') });
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const client = await server.signIn('customer');
    const [row] = await server.db.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from sessions where id_hash = $1`,
      [sessionHash(client)],
    );
    expect(row?.hours).toBe(8);
    await server.db.query(
      `update sessions set expires_at = now() - interval '1 second' where id_hash = $1`,
      [sessionHash(client)],
    );
    expect((await client.get('/api/auth')).status).toBe(401);
  });

  it('answers requests that arrive together each with its own session, refusing only the ended ones', async () => {
    const usernames = ['admin', 'operator', 'customer', 'demo'];
    const clients = await Promise.all(usernames.map((username) => server.signIn(username)));
    const [, ended, idle] = clients;
    if (!ended || !idle) throw new Error('expected four signed-in clients');
    await server.db.query(
      `update sessions set expires_at = now() - interval '1 second' where id_hash = $1`,
      [sessionHash(ended)],
    );
    await server.db.query(
      `update sessions set last_seen_at = now() - interval '10 minutes' where id_hash = $1`,
      [sessionHash(idle)],
    );
    // Five rounds of every client at once: the lookups queue behind each other and are answered
    // together, and each answer is its own session's.
    const rounds = Array.from({ length: 5 }, () => clients).flat();
    const responses = await Promise.all(rounds.map((client) => client.get('/api/auth')));
    responses.forEach((response, index) => {
      const username = usernames[index % usernames.length];
      if (username === 'operator') expect(response.status).toBe(401);
      else expect(response.body).toMatchObject({ ok: true, data: { username } });
    });
    const [row] = await server.db.query<{ idle_seconds: number }>(
      `select extract(epoch from now() - last_seen_at)::int as idle_seconds
         from sessions where id_hash = $1`,
      [sessionHash(idle)],
    );
    expect(row?.idle_seconds).toBeLessThan(60);
    // One statement for them all, as a busy server runs it: the live ones, by session.
    const users = await findUsersBySessions(
      server.db,
      [...clients.map(sessionHash), hashSecret('no such session')],
      30 * 60_000,
    );
    expect([...users.entries()].map(([hash, user]) => [hash, user.username])).toEqual(
      expect.arrayContaining(
        clients.flatMap((client, index) =>
          client === ended ? [] : [[sessionHash(client), usernames[index]]],
        ),
      ),
    );
    expect(users.size).toBe(3);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const client = await server.signIn('demo');
    await server.db.query(`update users set disabled = true where username = 'demo'`);
    expect((await client.get('/api/auth')).status).toBe(401);
    const again = await server.client().post('/auth/login', { username: 'demo', password: 'demo' });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Invalid username or password');
  });
});

describe('permissions', () => {
  const server = useTestServer();

  it('answers 401 JSON to a call that needs a user when nobody is signed in', async () => {
    const response = await server.client().get('/api/auth');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      ok: false,
      code: 'unauthenticated',
      message: expect.any(String),
    });
  });

  it('answers 403 JSON, never data, to a user without the permission of the route', async () => {
    // Operators have no section_profile, so they may not change a password through the profile.
    const operator = await server.signIn('operator');
    const response = await operator.post('/api/users/me/password', {
      current_password: 'demo',
      new_password: 'a-brand-new-password',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      ok: false,
      code: 'forbidden',
      message: expect.stringContaining('section_profile'),
    });
    // Nothing changed: the old password still signs in.
    expect(
      (await server.client().post('/auth/login', { username: 'operator', password: 'demo' }))
        .status,
    ).toBe(200);
  });
});
