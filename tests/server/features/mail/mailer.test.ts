import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../support/smtp-server';
import { useTestServer, waitFor } from '../../../support/test-server';

/** A port on which nothing listens: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());

  const server = useTestServer({
    env: () => ({
      SMTP_URL: `smtp://127.0.0.1:${smtp?.port}`,
      MAIL_FROM: 'Moderation Console <console@example.com>',
    }),
  });

  it('delivers the reset link to the SMTP server and marks the mail sent', async () => {
    const response = await server
      .client()
      .post('/auth/forgot-password', { email: 'customer@example.com' });
    expect(response.body).toEqual({ ok: true });

    await waitFor(() => (smtp?.inbox.length ?? 0) > 0, 'the reset mail reaches the SMTP server');
    const mail = smtp?.inbox[0];
    expect(mail?.to).toEqual(['customer@example.com']);
    expect(mail?.from).toBe('console@example.com');
    // Quoted-printable may wrap long lines; undo soft line breaks before looking for the link.
    const text = mail?.data.replace(/=\r?\n/g, '') ?? '';
    expect(text).toMatch(/Subject: Reset your Moderation Console password/);
    expect(text).toContain(`${server.baseUrl}/reset-password?token=`);

    const [row] = await server.db.query<{ sent: boolean; error: string | null }>(
      `select sent_at is not null as sent, error from outbound_emails
        where to_address = 'customer@example.com'`,
    );
    expect(row).toEqual({ sent: true, error: null });
  });
});

describe('mail when the SMTP server is down', () => {
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
  });
  const server = useTestServer({ env: () => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }) });

  it('still answers ok, so the answer reveals no accounts, and records the failure', async () => {
    const response = await server
      .client()
      .post('/auth/forgot-password', { email: 'operator@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const [row] = await server.db.query<{ sent: boolean; error: string | null }>(
      `select sent_at is not null as sent, error from outbound_emails
        where to_address = 'operator@example.com'`,
    );
    expect(row?.sent).toBe(false);
    expect(row?.error).toEqual(expect.any(String));
  });
});
