/**
 * The console's protocol as tests and benchmarks speak it, in one place, through the contract
 * (src/contract): sign in, ingest as a client service does, and moderate over the /online-users
 * socket and the content calls. The server tests, the browser tests' API steps and the
 * benchmarks all use these; nothing here imports a test runner, so a plain `tsx` script can too.
 *
 * Sockets record every event they receive, so a step waits for an event by polling the record
 * (never a fixed sleep), and a test can look back at what arrived.
 */
import { io, type Socket } from 'socket.io-client';
import { authEndpoints } from '../../src/contract/auth';
import {
  ingestEndpoints,
  moderationEndpoints,
  type ContentItem,
  type IngestItem,
  type ModeratedResult,
} from '../../src/contract/content';
import { NAMESPACES, clientEvents } from '../../src/contract/socket-events';
import { SESSION_COOKIE } from '../../server/http/session';
import { TestClient, type TestClientOptions } from './test-client';

/** Polls `probe` until it answers true, failing with `description` after `timeoutMs`. */
export async function waitFor(
  probe: () => Promise<boolean> | boolean,
  description: string,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// --- Signing in ------------------------------------------------------------------------------

/** Signs in through the login call; answers the signed-in client. Throws unless it worked. */
export async function signIn(
  baseUrl: string,
  username: string,
  password: string,
  client: TestClient = new TestClient(baseUrl),
): Promise<TestClient> {
  const response = await client.call(authEndpoints.login, { body: { username, password } });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${username} answered ${response.status}: ${response.text}`);
  }
  return client;
}

/** A client riding on a session made straight in the database (no sign-in, no scrypt). */
export function sessionClient(
  baseUrl: string,
  sessionId: string,
  options: TestClientOptions = {},
): TestClient {
  const client = new TestClient(baseUrl, options);
  client.setCookie(SESSION_COOKIE, sessionId);
  return client;
}

// --- Ingest, as a client service ---------------------------------------------------------------

/** A text item; `n` varies the member and spreads items over three subscribers. */
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

/** A client service's view of the server: its bearer token on every call, no cookies or CSRF. */
export function serviceClient(
  baseUrl: string,
  token: string,
  options: TestClientOptions = {},
): TestClient {
  return new TestClient(baseUrl, {
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${token}` },
  });
}

/** POST of a body to the ingest endpoint as it is (bad bodies too); answers status and body. */
export function ingest(baseUrl: string, token: string, body: unknown) {
  return serviceClient(baseUrl, token).call(
    ingestEndpoints.submit,
    { body: body as IngestItem[] },
    { csrf: false, requestedWith: false },
  );
}

/** Ingests items, 100 per request, `parallel` requests at a time; answers their ids in order. */
export async function ingestItems(
  baseUrl: string,
  token: string,
  items: IngestItem[],
  { parallel = 1, client = serviceClient(baseUrl, token) } = {},
): Promise<number[]> {
  const batches: IngestItem[][] = [];
  for (let start = 0; start < items.length; start += 100) {
    batches.push(items.slice(start, start + 100));
  }
  const ids: number[][] = [];
  let next = 0;
  const worker = async () => {
    for (let batch = next++; batch < batches.length; batch = next++) {
      const answer = await client.callOk(
        ingestEndpoints.submit,
        { body: batches[batch] ?? [] },
        { csrf: false, requestedWith: false },
      );
      ids[batch] = answer.data.ids;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  return ids.flat();
}

/** `count` text items (textItem 0, 1, 2 ...); answers their ids in order. */
export function ingestTexts(baseUrl: string, token: string, count: number): Promise<number[]> {
  return ingestItems(
    baseUrl,
    token,
    Array.from({ length: count }, (_, n) => textItem(n)),
  );
}

// --- Sockets ---------------------------------------------------------------------------------

export interface SocketOutcome {
  socket: Socket;
  connected: boolean;
  /** The connect_error the server answered with, when it refused. */
  error?: Error;
}

/**
 * Opens a socket.io connection to a namespace the way the console's socket manager does (polling,
 * then upgrade), with the given Cookie and Origin headers, and waits for the server's verdict.
 * The caller disconnects the socket.
 */
export function connectSocket(
  baseUrl: string,
  namespace: string,
  options: { cookie?: string; origin?: string; transports?: ('polling' | 'websocket')[] } = {},
): Promise<SocketOutcome> {
  const extraHeaders: Record<string, string> = {};
  if (options.cookie) extraHeaders.cookie = options.cookie;
  if (options.origin) extraHeaders.origin = options.origin;
  const socket = io(`${baseUrl}${namespace}`, {
    forceNew: true,
    reconnection: false,
    extraHeaders,
    ...(options.transports ? { transports: options.transports } : {}),
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, connected: true }));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve({ socket, connected: false, error });
    });
  });
}

export interface RecordedEvent {
  name: string;
  args: unknown[];
  at: number;
}

/** A connected socket that records every event it receives. */
export class SocketRecorder {
  readonly events: RecordedEvent[] = [];
  /** Pending `next` calls, told of each event as it arrives (no polling). */
  private readonly waiters = new Set<(event: RecordedEvent) => void>();

  constructor(readonly socket: Socket) {
    socket.onAny((name: string, ...args: unknown[]) => {
      const event = { name, args, at: Date.now() };
      this.events.push(event);
      for (const waiter of [...this.waiters]) waiter(event);
    });
  }

  get id(): string {
    return this.socket.id ?? '';
  }

  /**
   * Records from before the handshake: the server may send its first events in the same network
   * read as the connect packet, before a listener attached after 'connect' would exist. A refused
   * handshake is retried `retries` times (a thousand operators connecting at once can overflow a
   * small machine's listen backlog), then thrown.
   */
  static async connect(
    baseUrl: string,
    namespace: string,
    cookie: string,
    {
      retries = 0,
      timeoutMs = 20_000,
      userAgent,
    }: { retries?: number; timeoutMs?: number; userAgent?: string } = {},
  ): Promise<SocketRecorder> {
    for (let attempt = 0; ; attempt += 1) {
      const socket = io(`${baseUrl}${namespace}`, {
        forceNew: true,
        reconnection: false,
        transports: ['websocket'],
        extraHeaders: { cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
        timeout: timeoutMs,
      });
      const recorder = new SocketRecorder(socket);
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) =>
            reject(new Error(`socket refused: ${error.message}`)),
          );
        });
        return recorder;
      } catch (error) {
        socket.disconnect();
        if (attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
      }
    }
  }

  /** Every `name` event received, or only those after `since` (an index into events). */
  all(name: string, { since = 0 }: { since?: number } = {}): unknown[][] {
    return this.events
      .slice(since)
      .filter((event) => event.name === name)
      .map((event) => event.args);
  }

  last(name: string): unknown[] | undefined {
    return this.all(name).at(-1);
  }

  /** Waits for an event received after `since` (an index into events) that passes `test`. */
  next(
    name: string,
    test: (args: unknown[]) => boolean = () => true,
    options: { since?: number; timeoutMs?: number } = {},
  ): Promise<unknown[]> {
    const since = options.since ?? 0;
    const matches = (event: RecordedEvent) => event.name === name && test(event.args);
    const found = this.events.slice(since).find(matches);
    if (found) return Promise.resolve(found.args);
    const timeoutMs = options.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const waiter = (event: RecordedEvent) => {
        if (!matches(event)) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        resolve(event.args);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms: socket event '${name}'; connected: ${String(this.socket.connected)}; received since: ${JSON.stringify(
              this.events.slice(since).map((event) => [event.name, ...event.args]),
            )}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  mark(): number {
    return this.events.length;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** The ids of a set-content event's arguments. */
export function contentIds(args: unknown[] | undefined): number[] {
  const list = (args?.[0] ?? []) as { id: number }[];
  return list.map((item) => item.id);
}

/** The socket id that holds moderation, from a moderation-status event's arguments. */
export function moderatingSocketOf(args: unknown[] | undefined): string | null {
  return (args?.[0] as { moderatingSocket: string | null } | undefined)?.moderatingSocket ?? null;
}

// --- Moderating --------------------------------------------------------------------------------

export interface Moderator {
  id: number;
  username: string;
  /** The Cookie header of the moderator's session, for socket handshakes. */
  cookie: string;
  client: TestClient;
}

/** Opens the moderator's /online-users socket (it records from the first event). */
export function openModerationSocket(
  baseUrl: string,
  moderator: Pick<Moderator, 'cookie'>,
  options: { retries?: number; timeoutMs?: number } = {},
): Promise<SocketRecorder> {
  return SocketRecorder.connect(baseUrl, NAMESPACES.onlineUsers, moderator.cookie, options);
}

/**
 * moderate-me, as Resume does, and the server's answer: true when this socket now holds
 * moderation, false when another live socket of the user does.
 */
export async function takeModeration(
  socket: SocketRecorder,
  userId: number,
  { timeoutMs = 10_000 } = {},
): Promise<boolean> {
  const mark = socket.mark();
  socket.socket.emit(clientEvents.moderateMe.name, { user: { id: userId } });
  // The answer names a holder: this socket, or another live one of the user.
  const status = await socket.next(
    'moderation-status',
    (args) => moderatingSocketOf(args) !== null,
    {
      since: mark,
      timeoutMs,
    },
  );
  return moderatingSocketOf(status) === socket.id;
}

/** request-content; answers the ids of the next set-content (the whole assignment). */
export async function requestContent(
  socket: SocketRecorder,
  userId: number,
  count: number,
  { timeoutMs = 10_000 } = {},
): Promise<number[]> {
  const mark = socket.mark();
  socket.socket.emit(clientEvents.requestContent.name, { user: { id: userId }, count });
  return contentIds(await socket.next('set-content', () => true, { since: mark, timeoutMs }));
}

/**
 * What an operator does on Resume: opens the socket, takes moderation and asks for `count` items.
 * Answers the socket (the caller closes it) and the ids assigned.
 */
export async function claimItems(
  baseUrl: string,
  moderator: Pick<Moderator, 'id' | 'cookie'>,
  count: number,
): Promise<{ socket: SocketRecorder; ids: number[] }> {
  const socket = await openModerationSocket(baseUrl, moderator);
  try {
    if (!(await takeModeration(socket, moderator.id))) {
      throw new Error(`user ${moderator.id} could not take moderation`);
    }
    return { socket, ids: await requestContent(socket, moderator.id, count) };
  } catch (error) {
    socket.close();
    throw error;
  }
}

/** The full items of assigned ids (only those leased to the caller come back). */
export async function fetchContents(client: TestClient, ids: number[]): Promise<ContentItem[]> {
  const answer = await client.callOk(moderationEndpoints.contentUpdate, {
    body: ids.map((id) => ({ id })),
  });
  return answer.data;
}

/** A moderated result of `contentId` by `moderator`, as the console makes it. */
export function moderatedResult(
  moderator: Pick<Moderator, 'id' | 'username'>,
  contentId: number,
  overrides: Partial<ModeratedResult> = {},
): ModeratedResult {
  return {
    content_id: contentId,
    moderated_status: { spam: 1, nudity: 0 },
    moderated_time: new Date().toISOString(),
    inbound_time: new Date().toISOString(),
    subscriber_id: 'sub-0',
    user_id: moderator.id,
    total_contents: 1,
    username: moderator.username,
    is_batch_moderator: false,
    ...overrides,
  };
}

/** Submits results; answers the whole response (tests look at refusals too). */
export function submitResults(client: TestClient, results: ModeratedResult[]) {
  return client.call(moderationEndpoints.submitContents, { body: results });
}
