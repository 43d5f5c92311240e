/**
 * One client process of an OperatorFleet (operator-fleet.ts): its share of the simulated
 * operators, each on its own socket (websocket transport only, the lightest client), speaking
 * the protocol of tests/support/protocol.ts as the console does: moderate-me, then
 * request-content for what it lacks, asked again when unanswered after the poll interval; the
 * items it gets are fetched and submitted over HTTP at once. Polls can be paused (the bench
 * does while a step's operators join). A socket the server closes or
 * loses counts as dropped; a refused event or a failed submit as a protocol failure.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  fetchContents,
  moderatedResult,
  openModerationSocket,
  requestContent,
  sessionClient,
  submitResults,
  takeModeration,
  type SocketRecorder,
} from '../../tests/support/protocol';
import {
  emptyStats,
  type FleetSettings,
  type OperatorLogin,
  type WorkerReply,
  type WorkerRequest,
} from './operator-fleet';

const settings = JSON.parse(process.argv[2] ?? '{}') as FleetSettings;
const stats = emptyStats();
const sockets = new Set<SocketRecorder>();
let stopping = false;
/** While polls are paused: settles on resume. */
let paused: { until: Promise<void>; resume: () => void } | undefined;

function send(reply: WorkerReply): void {
  process.send?.(reply);
}

function fail(counter: 'failedToJoin' | 'dropped' | 'refused' | 'submitFailures', why: string) {
  stats[counter] += 1;
  if (stats.failures.length < 10) stats.failures.push(why);
}

/** Connects one operator and takes moderation; answers its socket, or undefined on failure. */
async function join(operator: OperatorLogin): Promise<SocketRecorder | undefined> {
  const client = sessionClient(settings.baseUrl, operator.session);
  let socket: SocketRecorder;
  try {
    socket = await openModerationSocket(
      settings.baseUrl,
      { cookie: client.cookieHeader() },
      { retries: 3, timeoutMs: 60_000 },
    );
  } catch (error) {
    fail('failedToJoin', `${operator.username}: ${String(error)}`);
    return undefined;
  }
  sockets.add(socket);
  socket.socket.on('disconnect', (reason) => {
    if (!stopping) fail('dropped', `${operator.username}: disconnected (${reason})`);
  });
  socket.socket.on('refused', (refusal: { event: string; message: string }) =>
    fail('refused', `${operator.username}: ${refusal.event} refused: ${refusal.message}`),
  );
  const moderating = await takeModeration(socket, operator.id, { timeoutMs: 60_000 }).catch(
    (error: unknown) => {
      fail('failedToJoin', `${operator.username}: moderate-me: ${String(error)}`);
      return undefined;
    },
  );
  if (moderating === false) fail('failedToJoin', `${operator.username}: moderation held elsewhere`);
  if (!moderating) return undefined;
  stats.moderating += 1;
  void operate(operator, socket, client);
  return socket;
}

/** The console's loop while moderating, until the bench stops. */
async function operate(
  operator: OperatorLogin,
  socket: SocketRecorder,
  client: ReturnType<typeof sessionClient>,
): Promise<void> {
  // Operators did not all sign in at the same instant: their polls are spread over the interval.
  await sleep(Math.random() * settings.requestIntervalMs);
  const done = new Set<number>();
  while (!stopping && socket.socket.connected) {
    if (paused) {
      await paused.until;
      // Spread again over the interval, not all at once on resume.
      await sleep(Math.random() * settings.requestIntervalMs);
    }
    const askedAt = Date.now();
    stats.requests += 1;
    const ids = await requestContent(socket, operator.id, settings.maxContent, {
      timeoutMs: settings.requestIntervalMs,
    }).catch(() => []);
    const fresh = ids.filter((id) => !done.has(id));
    if (fresh.length === 0 || stopping) {
      await sleep(Math.max(0, settings.requestIntervalMs - (Date.now() - askedAt)));
      continue;
    }
    stats.answered += 1;
    try {
      const items = await fetchContents(client, fresh);
      const results = items.map((item) =>
        moderatedResult(operator, item.id, {
          moderated_status: { spam: 1, nudity: 0 },
          subscriber_id: item.subscriber_id,
          total_contents: items.length,
          idempotency_key: randomBytes(12).toString('base64url'),
        }),
      );
      if (results.length > 0) {
        const response = await submitResults(client, results);
        const stored = (response.body.data ?? []).filter((item) => item.status === 'stored');
        if (response.status !== 200 || stored.length !== results.length) {
          fail(
            'submitFailures',
            `${operator.username}: submit ${response.status}: ${response.text}`,
          );
        }
        stats.submitted += stored.length;
      }
    } catch (error) {
      fail('submitFailures', `${operator.username}: ${String(error)}`);
    }
    for (const id of fresh) done.add(id);
  }
}

/** Joins operators, `concurrency` handshakes at a time. */
async function joinAll(operators: OperatorLogin[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let n = next++; n < operators.length; n = next++) {
      const operator = operators[n];
      if (operator) await join(operator);
    }
  };
  await Promise.all(Array.from({ length: settings.connectConcurrency }, lane));
}

process.on('message', (request: WorkerRequest) => {
  if (request.type === 'join') {
    void joinAll(request.operators).then(() => send({ type: 'joined', stats }));
  } else if (request.type === 'pause') {
    if (!paused) {
      let resume = () => {};
      const until = new Promise<void>((resolve) => (resume = resolve));
      paused = { until, resume };
    }
    send({ type: 'paused' });
  } else if (request.type === 'resume') {
    paused?.resume();
    paused = undefined;
    send({ type: 'resumed' });
  } else if (request.type === 'stats') {
    send({ type: 'stats', stats });
  } else {
    stopping = true;
    for (const socket of sockets) socket.close();
    send({ type: 'stopped', stats });
    process.disconnect();
  }
});
send({ type: 'ready' });
