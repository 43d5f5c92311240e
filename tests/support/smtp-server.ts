/** A local SMTP server for tests that accepts every message and keeps what it received. */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server that accepts everything and keeps what it received. */
export function startSmtpServer(): Promise<{
  port: number;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => {
      const address = smtp.server.address();
      if (!address || typeof address === 'string') {
        reject(new Error('SMTP server has no port'));
        return;
      }
      resolve({
        port: address.port,
        inbox,
        close: () => new Promise<void>((done) => smtp.close(() => done())),
      });
    });
  });
}
