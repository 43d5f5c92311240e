/**
 * A local SMTP server for tests that read the mail the server sends (reset links are not kept in
 * the database). It accepts everything; `hold()` makes it keep the next messages waiting, unanswered,
 * until `release()`, to show that an answer did not wait for the mail.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  /** The body with quoted-printable soft line breaks undone, so long links read whole. */
  text: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  inbox: ReceivedMail[];
  /** How many messages are being received but not yet answered. */
  readonly waiting: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export function startSmtpServer(): Promise<TestSmtpServer> {
  const inbox: ReceivedMail[] = [];
  let holding = false;
  let held: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        const accept = () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            data,
            text: data.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
          });
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  const release = () => {
    holding = false;
    const pending = held;
    held = [];
    for (const accept of pending) accept();
  };
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
        url: `smtp://127.0.0.1:${address.port}`,
        inbox,
        get waiting() {
          return held.length;
        },
        hold() {
          holding = true;
        },
        release,
        close() {
          release();
          return new Promise<void>((done) => smtp.close(() => done()));
        },
      });
    });
  });
}

/** A port on which nothing listens: connections to it are refused at once. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
