import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { queryOne, type Queryable } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Parts of `text` (a reset token) that are mailed but never stored or logged in production. */
  secrets?: string[];
}

export interface Mailer {
  /**
   * Mail leaves this server (SMTP_URL is set). Without it messages only reach the log and the
   * outbound_emails table, which nobody outside the server reads: features that would mail a
   * person a way in (an invitation, a reset sent by an administrator) offer a one-time password
   * instead.
   */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

export const REDACTED = '[redacted]';

export function redact(text: string, secrets: readonly string[] = []): string {
  return secrets
    .filter(Boolean)
    .reduce((result, secret) => result.replaceAll(secret, REDACTED), text);
}

/**
 * Every message is written to `outbound_emails` first, with its secrets redacted: a reset token
 * in a table is a password to whoever reads a backup. With SMTP_URL it is then sent and the row
 * marked. Without it, outside production, the whole message goes to the server log: that is how
 * demo mode delivers reset links. In production without SMTP_URL the log gets the redacted text
 * and a warning, never a usable link.
 */
export function createMailer(
  db: Queryable,
  log: FastifyBaseLogger,
  options: { smtpUrl: string | undefined; from: string; production: boolean },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    delivers: transport !== undefined,
    async send({ secrets, ...message }) {
      const stored = redact(message.text, secrets);
      const row = await queryOne<{ id: number }>(
        db,
        `insert into outbound_emails (to_address, subject, body) values ($1, $2, $3) returning id`,
        [message.to, message.subject, stored],
      );
      if (!transport) {
        if (options.production) {
          log.warn({ to: message.to }, `mail not sent, SMTP_URL is not set: ${stored}`);
        } else {
          log.info({ to: message.to }, `mail to ${message.to} (no SMTP_URL set): ${message.text}`);
        }
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...message });
        await db.query('update outbound_emails set sent_at = now() where id = $1', [row?.id]);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.query('update outbound_emails set error = $2 where id = $1', [row?.id, reason]);
        log.error({ err: error, to: message.to }, 'sending mail failed');
        throw error;
      }
    },
  };
}
