/**
 * Fixtures for the delivery, AI and dashboard tests: services and content made through the
 * server's own repositories, a decision written the way the submit path writes it (decision and
 * delivery row in one transaction), a scriptable local webhook receiver and a fake
 * OpenAI-compatible server. Everything listens on 127.0.0.1 port 0; nothing reaches the internet.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ALL_PERMISSIONS, type Permission } from '../../src/contract/permissions';
import type { Database, Queryable } from '../../server/db/database';
import { enqueueDeliveries } from '../../server/features/delivery/delivery-repository';
import { insertContents } from '../../server/features/ingest/ingest-repository';
import {
  createService,
  upsertSubscribers,
  type ServiceRecord,
} from '../../server/features/services/service-repository';
import { putSetting } from '../../server/features/settings/settings-repository';
import { createOperator, type TestOperator } from './moderation-fixtures';

export const silentLog = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let serviceCounter = 0;

export async function createCallbackService(
  db: Queryable,
  options: { callbackUrl?: string | null; tags?: string[] } = {},
): Promise<ServiceRecord & { webhook_secret: string }> {
  serviceCounter += 1;
  const code = `svc-${process.pid}-${serviceCounter}-${Date.now() % 100_000}`;
  const service = await createService(db, {
    code,
    name: `Service ${code}`,
    callbackUrl: options.callbackUrl ?? null,
    tags: options.tags ?? ['spam', 'violence', 'hate_speech'],
    submitWithoutTags: false,
    enableDynamicTags: false,
  });
  const rows = await db.query<{ webhook_secret: string }>(
    'select webhook_secret from services where id = $1',
    [service.id],
  );
  return { ...service, webhook_secret: rows[0]?.webhook_secret ?? '' };
}

export async function insertTestContent(
  db: Queryable,
  serviceId: number,
  options: {
    messageType?: 'text' | 'image' | 'video';
    content?: string;
    aiPending?: boolean;
  } = {},
): Promise<number> {
  const subscribers = await upsertSubscribers(db, serviceId, ['sub-1']);
  const [id] = await insertContents(db, serviceId, [
    {
      item: {
        subscriber_id: 'sub-1',
        user_id: 'u-1',
        username: 'someone',
        message_type: options.messageType ?? 'text',
        content: options.content ?? 'hello there',
      },
      subscriberId: subscribers.get('sub-1') ?? 0,
      ai: options.aiPending ? undefined : null,
      aiProvider: 'test',
    },
  ]);
  if (id === undefined) throw new Error('no content id');
  return id;
}

/** Decides an item and writes its delivery row in one transaction, as the submit path does. */
export async function decideWithDelivery(
  db: Database,
  contentId: number,
  userId: number,
  moderatedStatus: Record<string, 0 | 1> = { spam: 1 },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update contents set status = 'decided', decided_by = $2, decided_at = now(),
              moderated_status = $3::jsonb, assigned_to = null, lease_expires_at = null
        where id = $1`,
      [contentId, userId, JSON.stringify(moderatedStatus)],
    );
    await enqueueDeliveries(tx, [contentId]);
  });
}

export async function userId(db: Queryable, username: string): Promise<number> {
  const rows = await db.query<{ id: number }>('select id from users where username = $1', [
    username,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${username}`);
  return id;
}

/** Compressed retries for tests: a retry 50 ms after each failure. */
export async function fastDeliverySettings(
  db: Queryable,
  options: { maxAttempts?: number; timeoutMs?: number; allowPrivate?: boolean } = {},
): Promise<void> {
  await putSetting(db, 'delivery_retry_schedule_seconds', [0.05]);
  await putSetting(db, 'delivery_max_attempts', options.maxAttempts ?? 8);
  await putSetting(db, 'delivery_timeout_ms', options.timeoutMs ?? 2_000);
  await putSetting(db, 'delivery_allow_private_urls', options.allowPrivate ?? true);
}

export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: string;
  path: string;
}

export interface LocalHttpServer {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A local HTTP server; `respond` answers each request (it may never answer, for timeouts). */
export async function startLocalServer(
  respond: (request: ReceivedRequest, index: number, response: ServerResponse) => void,
): Promise<LocalHttpServer> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      };
      requests.push(received);
      respond(received, requests.length - 1, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A chat-completions answer whose message content is `content`. */
export function completion(content: string) {
  return { id: 'cmpl-test', object: 'chat.completion', choices: [{ message: { content } }] };
}

/**
 * A signed-in user whose own role holds exactly `permissions` (made in the database with a
 * ready session, like the live-moderation fixtures' operators).
 */
export async function createUserWithPermissions(
  db: Database,
  baseUrl: string,
  permissions: readonly Permission[],
): Promise<TestOperator> {
  const role = `role-${randomBytes(5).toString('hex')}`;
  await db.query('insert into roles (name) values ($1)', [role]);
  await db.query(
    `insert into role_permissions (role_id, permission)
     select r.id, p from roles r, unnest($2::text[]) as p where r.name = $1`,
    [role, permissions],
  );
  return createOperator(db, baseUrl, { role });
}

/** Every permission but the given ones. */
export function allPermissionsExcept(...missing: Permission[]): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => !missing.includes(permission));
}
