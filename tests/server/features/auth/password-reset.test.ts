import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../../server/http/session';
import { useTestServer, type TestServer } from '../../../support/test-server';

const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;
const GONE = 'This reset link has expired or was already used. Ask for a new one.';

interface MailRow {
  to_address: string;
  subject: string;
  body: string;
}

async function countRows(server: TestServer, table: 'outbound_emails' | 'password_resets') {
  const [row] = await server.db.query<{ count: number }>(
    `select count(*)::int as count from ${table}`,
  );
  return row?.count ?? 0;
}

/** Asks for a reset link as the forgot-password page does and reads it from the mail log. */
async function requestResetLink(server: TestServer, email: string): Promise<string> {
  const response = await server.client().post('/auth/forgot-password', { email });
  expect(response.status).toBe(200);
  const [mail] = await server.db.query<MailRow>(
    'select to_address, subject, body from outbound_emails where to_address = $1 order by id desc limit 1',
    [email],
  );
  const token = LINK.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset link in the mail to ${email}: ${mail?.body}`);
  return token;
}

describe('forgot password', () => {
  const server = useTestServer();

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const mailsBefore = await countRows(server, 'outbound_emails');
    const resetsBefore = await countRows(server, 'password_resets');
    const response = await server
      .client()
      .post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await countRows(server, 'outbound_emails')).toBe(mailsBefore);
    expect(await countRows(server, 'password_resets')).toBe(resetsBefore);
  });

  it('mails a known address a reset link to this server', async () => {
    const response = await server
      .client()
      .post('/auth/forgot-password', { email: 'Operator@Example.com' });
    expect(response.body).toEqual({ ok: true });
    const [mail] = await server.db.query<MailRow>(
      `select to_address, subject, body from outbound_emails order by id desc limit 1`,
    );
    expect(mail?.to_address).toBe('operator@example.com');
    expect(mail?.subject).toMatch(/reset/i);
    expect(mail?.body).toContain(`${server.baseUrl}/reset-password?token=`);
    // Only a hash of the token is stored.
    const token = LINK.exec(mail?.body ?? '')?.[1] ?? '';
    const stored = await server.db.query('select 1 from password_resets where token_hash = $1', [
      token,
    ]);
    expect(stored).toHaveLength(0);
  });

  it('validates a link: a live token names the user, a made-up one is gone', async () => {
    const token = await requestResetLink(server, 'customer@example.com');
    const valid = await server.client().get(`/auth/reset-password?token=${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ ok: true, data: { username: 'customer' } });

    const madeUp = await server.client().get('/auth/reset-password?token=made-up-token');
    expect(madeUp.status).toBe(410);
    expect(madeUp.body).toEqual({ ok: false, code: 'not_found', message: GONE });
  });

  it('resets once, signs the user out everywhere, and the new password works', async () => {
    const signedIn = await server.signIn('developer');
    const token = await requestResetLink(server, 'developer@example.com');

    const reset = await server
      .client()
      .post('/auth/reset-password', { token, password: 'a-fresh-passphrase' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    expect((await signedIn.get('/api/auth')).status).toBe(401);
    const old = await server
      .client()
      .post('/auth/login', { username: 'developer', password: 'demo' });
    expect(old.status).toBe(401);
    await server.signIn('developer', 'a-fresh-passphrase');

    const again = await server
      .client()
      .post('/auth/reset-password', { token, password: 'yet-another-passphrase' });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ ok: false, code: 'not_found', message: GONE });
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(410);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const token = await requestResetLink(server, 'demo@example.com');
    await server.db.query(
      `update password_resets set expires_at = now() - interval '1 second'
        where user_id = (select id from users where username = 'demo')`,
    );
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(410);
    const reset = await server
      .client()
      .post('/auth/reset-password', { token, password: 'a-fresh-passphrase' });
    expect(reset.status).toBe(410);
    const client = await server.signIn('demo', 'demo');
    expect(client.cookie(SESSION_COOKIE)).toBeDefined();
  });

  it('replaces an older unused link when a new one is asked for', async () => {
    const first = await requestResetLink(server, 'batch@example.com');
    const second = await requestResetLink(server, 'batch@example.com');
    expect(second).not.toBe(first);
    expect((await server.client().get(`/auth/reset-password?token=${first}`)).status).toBe(410);
    expect((await server.client().get(`/auth/reset-password?token=${second}`)).status).toBe(200);
  });

  it('refuses a new password that is too short, naming the field', async () => {
    const token = await requestResetLink(server, 'admin@example.com');
    const response = await server
      .client()
      .post('/auth/reset-password', { token, password: 'short' });
    expect(response.status).toBe(422);
    expect(response.body.fields).toHaveProperty('password');
    // The link is still good after a refused attempt.
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(200);
  });
});

/** Every mail body sent so far, newest first. */
async function mailBodies(server: TestServer): Promise<string[]> {
  const rows = await server.db.query<MailRow>('select body from outbound_emails order by id desc');
  return rows.map((row) => row.body);
}

describe('reset links never come from a forged Host header', () => {
  const server = useTestServer();

  it('sends no mail when asked through a host that is not allowed, and answers the same', async () => {
    const before = await countRows(server, 'outbound_emails');
    const response = await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'operator@example.com' },
        { headers: { host: 'attacker.example' } },
      );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await countRows(server, 'outbound_emails')).toBe(before);
    expect((await mailBodies(server)).join('\n')).not.toContain('attacker.example');
  });

  it('ignores X-Forwarded-Host when no proxy is trusted', async () => {
    await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'operator@example.com' },
        { headers: { 'x-forwarded-host': 'attacker.example' } },
      );
    const [latest] = await mailBodies(server);
    expect(latest).toContain(`${server.baseUrl}/reset-password?token=`);
    expect((await mailBodies(server)).join('\n')).not.toContain('attacker.example');
  });
});

describe('reset links with PUBLIC_URL and ALLOWED_ORIGINS', () => {
  const server = useTestServer({
    env: { PUBLIC_URL: 'https://console.example.com/', ALLOWED_ORIGINS: 'http://other.example' },
  });

  it('builds every link from PUBLIC_URL, whatever host was asked', async () => {
    for (const host of ['attacker.example', 'other.example']) {
      await server
        .client()
        .post('/auth/forgot-password', { email: 'customer@example.com' }, { headers: { host } });
      const [latest] = await mailBodies(server);
      expect(latest).toContain('https://console.example.com/reset-password?token=');
    }
    expect((await mailBodies(server)).join('\n')).not.toContain('attacker.example');
  });
});

describe('reset links from an allowed origin without PUBLIC_URL', () => {
  const server = useTestServer({ env: { ALLOWED_ORIGINS: 'http://console.example.org' } });

  it('uses a listed origin and refuses any other', async () => {
    await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'customer@example.com' },
        { headers: { host: 'console.example.org' } },
      );
    expect((await mailBodies(server))[0]).toContain('http://console.example.org/reset-password?');
    const before = await countRows(server, 'outbound_emails');
    await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'customer@example.com' },
        { headers: { host: 'console.example.org.attacker.example' } },
      );
    expect(await countRows(server, 'outbound_emails')).toBe(before);
  });
});
