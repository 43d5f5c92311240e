import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_THROTTLE } from '../../../../server/features/auth/reset-throttle';
import { SESSION_COOKIE } from '../../../../server/http/session';
import { startSmtpServer, type TestSmtpServer } from '../../../support/smtp-server';
import { waitFor } from '../../../support/protocol';
import { useTestServer, type TestServer } from '../../../support/test-server';

const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;
const GONE = 'This reset link has expired or was already used. Ask for a new one.';

/** Reset links are not kept by the server: the tests read them from the mail it sends. */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

/** The server of a describe block, mailing through the file's SMTP server. */
function useMailingServer(env: Record<string, string> = {}): TestServer {
  return useTestServer({ env: () => ({ SMTP_URL: smtp.url, ...env }) });
}

async function countRows(server: TestServer, table: 'outbound_emails' | 'password_resets') {
  const [row] = await server.db.query<{ count: number }>(
    `select count(*)::int as count from ${table}`,
  );
  return row?.count ?? 0;
}

/** Every stored mail body, newest first. */
async function storedBodies(server: TestServer): Promise<string[]> {
  const rows = await server.db.query<{ body: string }>(
    'select body from outbound_emails order by id desc',
  );
  return rows.map((row) => row.body);
}

const mailsTo = (email: string) =>
  smtp.inbox.filter((mail) => mail.to.includes(email.toLowerCase()));

/** The next mail to `email` (one arriving after `seen` of them), waited for. */
async function nextMailTo(email: string, seen: number): Promise<string> {
  await waitFor(() => mailsTo(email).length > seen, `a mail to ${email}`);
  return mailsTo(email)[seen]?.text ?? '';
}

/** Asks for a reset link as the forgot-password page does and reads it from the mail. */
async function requestResetLink(
  server: TestServer,
  email: string,
  headers: Record<string, string> = {},
): Promise<{ token: string; mail: string }> {
  const seen = mailsTo(email).length;
  const response = await server.client().post('/auth/forgot-password', { email }, { headers });
  expect(response.status).toBe(200);
  const mail = await nextMailTo(email, seen);
  const token = LINK.exec(mail)?.[1];
  if (!token) throw new Error(`no reset link in the mail to ${email}: ${mail}`);
  return { token, mail };
}

describe('forgot password', () => {
  const server = useMailingServer();

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const response = await server
      .client()
      .post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    // A known address asked after it: once its mail is out, the unknown one's turn has passed.
    await requestResetLink(server, 'developer@example.com');
    expect(mailsTo('nobody@example.com')).toEqual([]);
    const rows = await server.db.query(
      `select 1 from outbound_emails where to_address = 'nobody@example.com'`,
    );
    expect(rows).toEqual([]);
  });

  it('mails a known address a reset link to this server, and keeps no token', async () => {
    const { token, mail } = await requestResetLink(server, 'Operator@Example.com');
    expect(mail).toMatch(/Subject: Reset your Moderation Console password/);
    expect(mail).toContain(`${server.baseUrl}/reset-password?token=${token}`);
    const [row] = await server.db.query<{ to_address: string; body: string }>(
      `select to_address, body from outbound_emails order by id desc limit 1`,
    );
    expect(row?.to_address).toBe('operator@example.com');
    // The stored copy has the link without its token; password_resets holds only a hash.
    expect(row?.body).toContain(`${server.baseUrl}/reset-password?token=[redacted]`);
    expect((await storedBodies(server)).join('\n')).not.toContain(token);
    const stored = await server.db.query(
      'select 1 from password_resets where token_hash = $1 or token_hash like $2',
      [token, `%${token}%`],
    );
    expect(stored).toHaveLength(0);
  });

  it('answers before the mail is sent', async () => {
    const seen = mailsTo('customer@example.com').length;
    smtp.hold();
    try {
      const response = await server
        .client()
        .post('/auth/forgot-password', { email: 'customer@example.com' });
      expect(response.status).toBe(200);
      // The answer is out while the mail is still on its way to the SMTP server.
      expect(mailsTo('customer@example.com')).toHaveLength(seen);
      await waitFor(() => smtp.waiting > 0, 'the mail reaches the SMTP server');
    } finally {
      smtp.release();
    }
    await nextMailTo('customer@example.com', seen);
  });

  it('validates a link: a live token names the user, a made-up one is gone', async () => {
    const { token } = await requestResetLink(server, 'customer@example.com');
    const valid = await server.client().get(`/auth/reset-password?token=${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ ok: true, data: { username: 'customer' } });

    const madeUp = await server.client().get('/auth/reset-password?token=made-up-token');
    expect(madeUp.status).toBe(410);
    expect(madeUp.body).toEqual({ ok: false, code: 'gone', message: GONE });
  });

  it('resets once, signs the user out everywhere, and the new password works', async () => {
    const signedIn = await server.signIn('developer');
    const { token } = await requestResetLink(server, 'developer@example.com');

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
    expect(again.body).toEqual({ ok: false, code: 'gone', message: GONE });
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(410);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { token } = await requestResetLink(server, 'demo@example.com');
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
    expect(second.token).not.toBe(first.token);
    expect((await server.client().get(`/auth/reset-password?token=${first.token}`)).status).toBe(
      410,
    );
    expect((await server.client().get(`/auth/reset-password?token=${second.token}`)).status).toBe(
      200,
    );
  });

  it('refuses a new password that is too short, naming the field', async () => {
    const { token } = await requestResetLink(server, 'admin@example.com');
    const response = await server
      .client()
      .post('/auth/reset-password', { token, password: 'short' });
    expect(response.status).toBe(422);
    expect(response.body.fields).toHaveProperty('password');
    // The link is still good after a refused attempt.
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(200);
  });
});

describe('forgot-password throttling', () => {
  // Each test asks from its own address (X-Forwarded-For behind a trusted proxy).
  const server = useMailingServer({ TRUST_PROXY: '1' });
  const ask = (email: string, address: string) =>
    server.client({ 'x-forwarded-for': address }).post('/auth/forgot-password', { email });

  it('limits requests per email address, known or not, from any client address', async () => {
    for (const email of ['admin@example.com', 'nobody-at-all@example.com']) {
      for (let n = 0; n < RESET_THROTTLE.maxPerEmail; n += 1) {
        expect((await ask(email, `198.51.100.${n + 1}`)).status).toBe(200);
      }
      const refused = await ask(email, '198.51.100.99');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many password reset requests\. Try again in/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('limits requests per client address across email addresses', async () => {
    const address = '203.0.113.50';
    for (let n = 0; n < RESET_THROTTLE.maxPerAddress; n += 1) {
      expect((await ask(`walker-${n}@example.com`, address)).status).toBe(200);
    }
    expect((await ask('walker-last@example.com', address)).status).toBe(429);
    expect((await ask('walker-last@example.com', '203.0.113.51')).status).toBe(200);
  });
});

describe('reset links never come from a forged Host header', () => {
  const server = useMailingServer();

  it('sends no mail when asked through a host that is not allowed, and answers the same', async () => {
    const response = await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'operator@example.com' },
        { headers: { host: 'attacker.example' } },
      );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    // A proper request after it: once its mail is out, the forged one's turn has passed.
    await requestResetLink(server, 'operator@example.com');
    expect(mailsTo('operator@example.com').map((mail) => mail.text)).not.toContainEqual(
      expect.stringContaining('attacker.example'),
    );
    expect((await storedBodies(server)).join('\n')).not.toContain('attacker.example');
    expect(await countRows(server, 'outbound_emails')).toBe(1);
  });

  it('ignores X-Forwarded-Host when no proxy is trusted', async () => {
    const { mail } = await requestResetLink(server, 'customer@example.com', {
      'x-forwarded-host': 'attacker.example',
    });
    expect(mail).toContain(`${server.baseUrl}/reset-password?token=`);
    expect(mail).not.toContain('attacker.example');
  });
});

describe('reset links with PUBLIC_URL and ALLOWED_ORIGINS', () => {
  const server = useMailingServer({
    PUBLIC_URL: 'https://console.example.com/',
    ALLOWED_ORIGINS: 'http://other.example',
  });

  it('builds every link from PUBLIC_URL, whatever host was asked', async () => {
    for (const host of ['attacker.example', 'other.example']) {
      const { mail } = await requestResetLink(server, 'customer@example.com', { host });
      expect(mail).toContain('https://console.example.com/reset-password?token=');
      expect(mail).not.toContain('attacker.example');
    }
  });
});

describe('reset links from an allowed origin without PUBLIC_URL', () => {
  const server = useMailingServer({ ALLOWED_ORIGINS: 'http://console.example.org' });

  it('uses a listed origin and refuses any other', async () => {
    const { mail } = await requestResetLink(server, 'customer@example.com', {
      host: 'console.example.org',
    });
    expect(mail).toContain('http://console.example.org/reset-password?token=');
    const before = mailsTo('customer@example.com').length;
    const forged = await server
      .client()
      .post(
        '/auth/forgot-password',
        { email: 'customer@example.com' },
        { headers: { host: 'console.example.org.attacker.example' } },
      );
    expect(forged.status).toBe(200);
    // A proper request after it: once its mail is out, the forged one's turn has passed.
    await requestResetLink(server, 'admin@example.com');
    expect(mailsTo('customer@example.com')).toHaveLength(before);
    expect(smtp.inbox.map((item) => item.text).join('\n')).not.toContain('attacker.example');
  });
});

describe('reset tokens in logs', () => {
  const lines: string[] = [];
  // Production without SMTP_URL: the mailer can only log, and must not log the link.
  const server = useTestServer({
    env: { LOG_LEVEL: 'info', NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' },
    logStream: { write: (line) => lines.push(line) },
  });

  it('keeps the token out of the mail log and request URLs out of request logs', async () => {
    await server.client().post('/auth/forgot-password', { email: 'admin@example.com' });
    await waitFor(
      async () => (await storedBodies(server)).length > 0,
      'the reset mail is recorded',
    );
    expect((await storedBodies(server))[0]).toContain(
      'https://console.example.com/reset-password?token=[redacted]',
    );
    const secret = 'a-token-that-must-not-be-logged';
    const probe = await server.client().get(`/auth/reset-password?token=${secret}`);
    expect(probe.status).toBe(410);

    const log = lines.join('');
    expect(log).toContain('/auth/reset-password');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/token=(?!\[redacted\])[A-Za-z0-9_-]/);
  });
});
