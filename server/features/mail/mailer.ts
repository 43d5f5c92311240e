import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { queryOne, type Queryable } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

/**
 * Every message is written to `outbound_emails` first. With SMTP_URL it is then sent and the row
 * marked; without it the message goes to the server log, which is how demo mode delivers links.
 */
export function createMailer(
  db: Queryable,
  log: FastifyBaseLogger,
  options: { smtpUrl: string | undefined; from: string },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    delivers: transport !== undefined,
    async send(message) {
      const row = await queryOne<{ id: number }>(
        db,
        `insert into outbound_emails (to_address, subject, body) values ($1, $2, $3) returning id`,
        [message.to, message.subject, message.text],
      );
      if (!transport) {
        log.info({ mail: message }, `mail to ${message.to} (no SMTP_URL set): ${message.text}`);
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
