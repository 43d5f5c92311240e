import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../support/protocol';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../../../support/smtp-server';
import { useTestServer } from '../../../support/test-server';

describe('mail over SMTP', () => {
  let smtp: TestSmtpServer | undefined;
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
    expect(mail?.text).toMatch(/Subject: Reset your Moderation Console password/);
    expect(mail?.text).toContain(`${server.baseUrl}/reset-password?token=`);

    const sent = async () => {
      const [row] = await server.db.query<{ sent: boolean; error: string | null }>(
        `select sent_at is not null as sent, error from outbound_emails
          where to_address = 'customer@example.com'`,
      );
      return row;
    };
    await waitFor(async () => (await sent())?.sent === true, 'the mail is marked sent');
    expect(await sent()).toEqual({ sent: true, error: null });
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
    // The mail is sent after the answer; its failure is recorded a moment later.
    const failure = async () => {
      const [row] = await server.db.query<{ sent: boolean; error: string | null }>(
        `select sent_at is not null as sent, error from outbound_emails
          where to_address = 'operator@example.com'`,
      );
      return row;
    };
    await waitFor(async () => Boolean((await failure())?.error), 'the failure is recorded');
    expect((await failure())?.sent).toBe(false);
  });
});
