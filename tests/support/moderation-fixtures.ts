/**
 * Fixtures of the live-moderation tests: services with tokens, operators with ready sessions
 * (made in the database, no scrypt), ingested items, and a socket recorder that keeps every event
 * so tests can wait for one by polling instead of sleeping.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { IngestItem } from '../../src/contract/content';
import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../../src/contract/api';
import type { Database, Queryable } from '../../server/db/database';
import { createSession } from '../../server/features/auth/session-repository';
import {
  createService,
  type NewService,
  type ServiceRecord,
} from '../../server/features/services/service-repository';
import { issueServiceToken } from '../../server/features/services/service-token-repository';
import { createUser } from '../../server/features/users/user-repository';
import { SESSION_COOKIE } from '../../server/http/session';
import { TestClient } from './test-client';
import { waitFor } from './test-server';

export const TEST_TAGS = ['nudity', 'violence', 'spam', 'drugs'];

export async function createTestService(
  db: Queryable,
  overrides: Partial<NewService> = {},
): Promise<{ service: ServiceRecord; token: string }> {
  const service = await createService(db, {
    code: `svc-${randomBytes(4).toString('hex')}`,
    name: 'Test Service',
    tags: TEST_TAGS,
    submitWithoutTags: false,
    enableDynamicTags: true,
    aiWordLists: { spam: ['free money', 'click here'], drugs: ['pills'] },
    ...overrides,
  });
  const { token } = await issueServiceToken(db, { serviceId: service.id });
  return { service, token };
}

export interface TestOperator {
  id: number;
  username: string;
  maxContent: number;
  cookie: string;
  /** An HTTP client signed in as this operator. */
  client: TestClient;
}

/** A user with a live session, made directly in the database. */
export async function createOperator(
  db: Database,
  baseUrl: string,
  options: { role?: string; maxContent?: number; username?: string } = {},
): Promise<TestOperator> {
  const username = options.username ?? `op_${randomBytes(5).toString('hex')}`;
  const maxContent = options.maxContent ?? 6;
  const id = await createUser(db, {
    username,
    role: options.role ?? 'operator',
    password_hash: 'no-password',
    max_content: maxContent,
  });
  const sessionId = await createSession(
    db,
    id,
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
    { ip: '127.0.0.1', userAgent: 'test' },
  );
  const client = new TestClient(baseUrl);
  client.setCookie(SESSION_COOKIE, sessionId);
  return { id, username, maxContent, cookie: client.cookieHeader(), client };
}

export function textItem(n: number, overrides: Partial<IngestItem> = {}): IngestItem {
  return {
    subscriber_id: `sub-${n % 3}`,
    user_id: `member-${n}`,
    username: `member${n}`,
    message_type: 'text',
    content: `message number ${n}`,
    ...overrides,
  };
}

export async function ingest(
  baseUrl: string,
  token: string,
  body: unknown,
): Promise<{
  status: number;
  body: {
    ok?: boolean;
    data?: { ids: number[] };
    message?: string;
    fields?: Record<string, string>;
  };
}> {
  const response = await fetch(new URL('/api/v1/contents', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

export async function ingestTexts(
  baseUrl: string,
  token: string,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 100) {
    const size = Math.min(100, count - start);
    const result = await ingest(
      baseUrl,
      token,
      Array.from({ length: size }, (_, k) => textItem(start + k)),
    );
    if (result.status !== 202 || !result.body.data) {
      throw new Error(`ingest answered ${result.status}: ${JSON.stringify(result.body)}`);
    }
    ids.push(...result.body.data.ids);
  }
  return ids;
}

export interface RecordedEvent {
  name: string;
  args: unknown[];
  at: number;
}

/** A connected socket that records every event it receives. */
export class SocketRecorder {
  readonly events: RecordedEvent[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((name: string, ...args: unknown[]) => {
      this.events.push({ name, args, at: Date.now() });
    });
  }

  get id(): string {
    return this.socket.id ?? '';
  }

  /**
   * Records from before the handshake: the server may send its first events in the same network
   * read as the connect packet, before a listener attached after 'connect' would exist.
   */
  static async connect(
    baseUrl: string,
    namespace: string,
    cookie: string,
  ): Promise<SocketRecorder> {
    const socket = io(`${baseUrl}${namespace}`, {
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      extraHeaders: { cookie },
    });
    const recorder = new SocketRecorder(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => {
        socket.disconnect();
        reject(new Error(`socket refused: ${error.message}`));
      });
    });
    return recorder;
  }

  all(name: string): unknown[][] {
    return this.events.filter((event) => event.name === name).map((event) => event.args);
  }

  last(name: string): unknown[] | undefined {
    return this.all(name).at(-1);
  }

  /** Waits for an event received after `since` (an index into events) that passes `test`. */
  async next(
    name: string,
    test: (args: unknown[]) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<unknown[]> {
    const since = options.since ?? 0;
    let found: unknown[] | undefined;
    await waitFor(
      () => {
        found = this.events
          .slice(since)
          .find((event) => event.name === name && test(event.args))?.args;
        return found !== undefined;
      },
      `socket event '${name}'`,
      { timeoutMs: options.timeoutMs ?? 10_000, intervalMs: 20 },
    ).catch((error: unknown) => {
      throw new Error(
        `${String(error)}; connected: ${String(this.socket.connected)}; received since: ${JSON.stringify(
          this.events.slice(since).map((event) => [event.name, ...event.args]),
        )}`,
      );
    });
    return found ?? [];
  }

  mark(): number {
    return this.events.length;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** The ids of the latest set-content. */
export function contentIds(args: unknown[] | undefined): number[] {
  const list = (args?.[0] ?? []) as { id: number }[];
  return list.map((item) => item.id);
}

/** Headers of a console POST, for fetch calls outside TestClient. */
export async function consoleHeaders(client: TestClient): Promise<Record<string, string>> {
  return {
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    [CSRF_HEADER]: await client.csrf(),
    cookie: client.cookieHeader(),
    'content-type': 'application/json',
  };
}
