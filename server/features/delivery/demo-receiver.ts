import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { storableText } from '../../db/storable';
import { WEBHOOK_HEADERS, verifyWebhook } from './webhook-signature';

/**
 * The built-in receiver, so deliveries can be seen working without a client service: the demo
 * services' callbacks (demo mode) and the Dev Box's sample items (every mode). It listens on a
 * port of its own on 127.0.0.1 (never reachable from outside, and outside the console's cookie
 * and CSRF rules, which a webhook does not follow). A service whose callback URL is the path
 * `/demo-receiver/<code>` is delivered here, as is the sandbox service whatever its callback
 * says (`/sandbox-receiver/<code>`): the worker resolves the path against this receiver's
 * address. It verifies the Standard Webhooks signature with the service's secret (or the
 * previous one during a rotation), stores what it got with every header, and answers 200, or
 * 401 for a bad signature.
 */
export const DEMO_RECEIVER_PREFIX = '/demo-receiver/';
export const SANDBOX_RECEIVER_PREFIX = '/sandbox-receiver/';
export const RECEIVER_PREFIXES = [DEMO_RECEIVER_PREFIX, SANDBOX_RECEIVER_PREFIX] as const;

export function demoCallbackPath(serviceCode: string): string {
  return `${DEMO_RECEIVER_PREFIX}${encodeURIComponent(serviceCode)}`;
}

export interface DemoReceiver {
  baseUrl: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The request's headers as they came, in order (repeated names joined as Node joins them). */
function receivedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] ?? '').toLowerCase();
    const value = storableText(request.rawHeaders[index + 1] ?? '');
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startDemoReceiver(deps: {
  db: Queryable;
  log: FastifyBaseLogger;
}): Promise<DemoReceiver> {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const prefix = RECEIVER_PREFIXES.find((candidate) => path.startsWith(candidate));
    if (request.method !== 'POST' || !prefix) {
      answer(response, 404, { ok: false, message: 'POST /demo-receiver/<service code>' });
      return;
    }
    const code = decodeURIComponent(path.slice(prefix.length));
    const body = await readBody(request);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
    };
    const headers = {
      id: header(WEBHOOK_HEADERS.id),
      timestamp: header(WEBHOOK_HEADERS.timestamp),
      signature: header(WEBHOOK_HEADERS.signature),
    };
    // During a secret rotation the previous secret is still good until its overlap ends: a
    // receiver configured with either one accepts the delivery.
    const rows = await deps.db.query<{ webhook_secret: string; previous_secret: string | null }>(
      `select webhook_secret,
              case when webhook_secret_previous_expires_at > now()
                   then webhook_secret_previous end as previous_secret
         from services where code = $1`,
      [code],
    );
    const secrets = [rows[0]?.webhook_secret, rows[0]?.previous_secret].filter(
      (secret): secret is string => Boolean(secret),
    );
    if (secrets.length === 0) {
      answer(response, 404, { ok: false, message: `no service with code '${code}'` });
      return;
    }
    const valid = secrets.some((secret) => verifyWebhook(secret, headers, body));
    await deps.db.query(
      `insert into demo_receiver_deliveries
         (service_code, webhook_id, webhook_timestamp, signature_valid, body, headers,
          answered_status)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [
        code,
        headers.id,
        headers.timestamp,
        valid,
        storableText(body),
        JSON.stringify(receivedHeaders(request)),
        valid ? 200 : 401,
      ],
    );
    if (valid) answer(response, 200, { ok: true });
    else answer(response, 401, { ok: false, message: 'webhook-signature does not verify' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      deps.log.error({ err: error }, 'demo receiver failed');
      if (!response.headersSent) answer(response, 500, { ok: false, message: 'receiver error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
