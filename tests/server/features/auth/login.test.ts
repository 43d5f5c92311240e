import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../../../../src/contract/permissions';
import { landingPath } from '../../../../src/contract/routes';
import { SESSION_COOKIE } from '../../../../server/http/session';
import { hashSecret } from '../../../../server/features/auth/tokens';
import { parseSetCookie } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

interface CurrentUserBody {
  ok: boolean;
  data: {
    username: string;
    role: string;
    permissions: string[];
    is_batch_moderator: boolean;
    email: string | null;
  };
}

interface HistoryRow {
  user_id: number | null;
  username: string;
  attempted_at: Date;
  ip: string;
  user_agent: string | null;
  success: boolean;
}

const USER_AGENT = 'login-test-browser/1.0';

function permissionsOf(role: string): readonly string[] {
  const permissions = ROLE_PERMISSIONS[role];
  if (!permissions) throw new Error(`no built-in role ${role}`);
  return permissions;
}

const DEMO_ROLES = [
  { username: 'admin', role: 'admin', permissions: ALL_PERMISSIONS, batch: false },
  { username: 'developer', role: 'developer', permissions: ALL_PERMISSIONS, batch: false },
  { username: 'operator', role: 'operator', permissions: permissionsOf('operator'), batch: false },
  { username: 'batch', role: 'operator', permissions: permissionsOf('operator'), batch: true },
  { username: 'customer', role: 'customer', permissions: permissionsOf('customer'), batch: false },
  { username: 'demo', role: 'demo', permissions: permissionsOf('demo'), batch: false },
] as const;

describe('sign-in', () => {
  const server = useTestServer();

  const historyFor = (username: string, userAgent: string) =>
    server.db.query<HistoryRow>(
      `select user_id, username, attempted_at, ip, user_agent, success
         from login_history where username = $1 and user_agent = $2 order by id`,
      [username, userAgent],
    );

  it.each(DEMO_ROLES)(
    'signs in $username and reports role $role with its permission set',
    async ({ username, role, permissions, batch }) => {
      const client = server.client({ 'user-agent': USER_AGENT });
      const login = await client.post('/auth/login', { username, password: 'demo' });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ ok: true, redirect: landingPath(permissions) });

      const me = await client.get<CurrentUserBody>('/api/auth');
      expect(me.status).toBe(200);
      expect(me.body.data.username).toBe(username);
      expect(me.body.data.role).toBe(role);
      expect(me.body.data.is_batch_moderator).toBe(batch);
      expect([...me.body.data.permissions].sort()).toEqual([...permissions].sort());
      expect(me.body.data).not.toHaveProperty('password_hash');
    },
  );

  it('refuses a wrong password with 401 and the SPEC message, and sets no session', async () => {
    const client = server.client();
    const response = await client.post('/auth/login', { username: 'admin', password: 'wrong' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      ok: false,
      code: 'unauthenticated',
      message: 'Invalid username or password',
    });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get('/api/auth')).status).toBe(401);
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const response = await server
      .client()
      .post('/auth/login', { username: 'nobody-here', password: 'demo' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      ok: false,
      code: 'unauthenticated',
      message: 'Invalid username or password',
    });
  });

  it('accepts the username in any letter case', async () => {
    const client = server.client();
    const response = await client.post('/auth/login', { username: 'OpErAtOr', password: 'demo' });
    expect(response.status).toBe(200);
  });

  it('writes every attempt to the login history with user, time, address, agent and result', async () => {
    const startedAt = Date.now();
    const userAgent = 'login-history-check/2.0';
    const client = server.client({ 'user-agent': userAgent });
    await client.post('/auth/login', { username: 'customer', password: 'not-it' });
    await client.post('/auth/login', { username: 'customer', password: 'demo' });
    await client.post('/auth/login', { username: 'ghost', password: 'demo' });

    const customer = await historyFor('customer', userAgent);
    const [userRow] = await server.db.query<{ id: number }>(
      `select id from users where username = 'customer'`,
    );
    expect(customer.map((row) => row.success)).toEqual([false, true]);
    for (const row of customer) {
      expect(row.user_id).toBe(userRow?.id);
      expect(row.ip).toBe('127.0.0.1');
      expect(new Date(row.attempted_at).getTime()).toBeGreaterThanOrEqual(startedAt - 5_000);
      expect(new Date(row.attempted_at).getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    const ghost = await historyFor('ghost', userAgent);
    expect(ghost).toHaveLength(1);
    expect(ghost[0]).toMatchObject({ user_id: null, ip: '127.0.0.1', success: false });
  });

  it('sets an httpOnly, SameSite=Lax session cookie on path / (not Secure over http)', async () => {
    const client = server.client();
    const response = await client.post('/auth/login', { username: 'demo', password: 'demo' });
    const line = response.setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(line).toBeDefined();
    const cookie = parseSetCookie(line ?? '');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('secure')).toBe(false);
    // At least 128 bits of randomness: 22 or more base64url characters.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('issues a new session id at every sign-in and ends the previous one', async () => {
    const client = await server.signIn('operator');
    const first = client.cookie(SESSION_COOKIE) ?? '';
    await server.signIn('operator', 'demo', client);
    const second = client.cookie(SESSION_COOKIE) ?? '';
    expect(second).not.toBe('');
    expect(second).not.toBe(first);

    const stale = server.client();
    stale.setCookie(SESSION_COOKIE, first);
    expect((await stale.get('/api/auth')).status).toBe(401);
    const rows = await server.db.query('select 1 from sessions where id_hash = $1', [
      hashSecret(first),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('never adopts a session id planted before sign-in', async () => {
    const client = server.client();
    client.setCookie(SESSION_COOKIE, 'attacker-chosen-session-id-0123456789');
    await server.signIn('customer', 'demo', client);
    expect(client.cookie(SESSION_COOKIE)).not.toBe('attacker-chosen-session-id-0123456789');
  });

  it('stores only a hash of the session id, with the address and agent of the sign-in', async () => {
    const client = await server.signIn(
      'developer',
      'demo',
      server.client({ 'user-agent': USER_AGENT }),
    );
    const id = client.cookie(SESSION_COOKIE) ?? '';
    const byId = await server.db.query('select 1 from sessions where id_hash = $1', [id]);
    expect(byId).toHaveLength(0);
    const [row] = await server.db.query<{ ip: string; user_agent: string }>(
      'select ip, user_agent from sessions where id_hash = $1',
      [hashSecret(id)],
    );
    expect(row).toEqual({ ip: '127.0.0.1', user_agent: USER_AGENT });
  });
});

describe('sign-out', () => {
  const server = useTestServer();

  it('deletes the session row, clears the cookie, and the old cookie opens nothing', async () => {
    const client = await server.signIn('admin');
    const sessionId = client.cookie(SESSION_COOKIE) ?? '';
    expect((await client.get('/api/auth')).status).toBe(200);

    const logout = await client.post('/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
    const cleared = logout.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toBeDefined();
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();

    const rows = await server.db.query('select 1 from sessions where id_hash = $1', [
      hashSecret(sessionId),
    ]);
    expect(rows).toHaveLength(0);

    const replay = server.client();
    replay.setCookie(SESSION_COOKIE, sessionId);
    const me = await replay.get('/api/auth');
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ ok: false });
  });

  it('signs out only this browser: the same user elsewhere stays signed in', async () => {
    const laptop = await server.signIn('developer');
    const phone = await server.signIn('developer');
    await laptop.post('/auth/logout');
    expect((await laptop.get('/api/auth')).status).toBe(401);
    expect((await phone.get('/api/auth')).status).toBe(200);
  });

  it('answers ok when nobody is signed in', async () => {
    const response = await server.client().post('/auth/logout');
    expect(response.status).toBe(200);
  });
});
