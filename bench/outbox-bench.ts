/**
 * npm run bench:outbox — how fast the outbox empties when the network comes back, and that it
 * loses nothing and stores nothing twice.
 *
 * The console's own outbox (src/features/outbox) runs in Node on fake-indexeddb and sends
 * through the console's own HTTP transport and API client to the real server on a fresh
 * embedded database. Node lacks two things a browser has, and the bench supplies them: the
 * page's origin and the cookie jar (a session cookie made straight in the database, and the CSRF
 * cookie the server sets). Going offline makes every request fail as fetch does without a
 * network.
 *
 * 1. Baseline, online: an operator submits N results one after another, each sent at once and
 *    acknowledged before the next (as single-mode moderation online does).
 * 2. Offline: the operator submits N more results; each waits in the outbox. Printed: how long
 *    a submit takes before the card may leave the screen.
 * 3. The network comes back: the time from reconnect to the last acknowledgement.
 * 4. The server stops and the database itself is checked: one stored result per item, carrying
 *    the key the outbox made; nothing lost, nothing twice.
 *
 * The items are pending in the queue (not leased): the server decides a pending item from any
 * operator's valid submission, as it does for an operator whose lease lapsed while offline.
 * fake-indexeddb is in memory, so a device's disk adds its own time to each submit; the replay
 * figure is the protocol and the server. Sizing: BENCH_RESULTS (1000).
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ModeratedResult } from '../src/contract/content';
import { httpOutboxTransport } from '../src/features/outbox/api/outbox-transport';
import { createOutbox, type Outbox } from '../src/features/outbox/outbox';
import { openLocalDb } from '../src/lib/local-db';
import { migrate } from '../server/db/migrate';
import { SESSION_COOKIE } from '../server/http/session';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { createSessions, createTestService } from '../tests/support/moderation-fixtures';
import { ingestItems, textItem } from '../tests/support/protocol';
import { pgliteDirOf, startBenchServer, stopBenchServer } from './support/bench-server';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 1000);
const TARGET_MS = 2_000;
const LOST_ANSWER = 100;
const SUBSCRIBER = 'outbox-bench';
const TAGS = ['nudity', 'violence', 'spam', 'drugs'];
/** No run may take longer than this, whatever happens. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 240_000);

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * The browser around the console's API client: its origin, its cookie jar, and a network that
 * can go away. Counts the requests that reached the network.
 */
class BrowserNetwork {
  offline = false;
  requests = 0;
  /** Responses to drop after the server has handled the request: a link that dies mid-answer. */
  dropAnswers = 0;
  private readonly cookies = new Map<string, string>();
  private networkFetch: typeof fetch | null = null;

  constructor(
    private readonly origin: string,
    session: string,
  ) {
    this.cookies.set(SESSION_COOKIE, session);
  }

  install(): void {
    Object.defineProperty(globalThis, 'window', {
      value: { location: { origin: this.origin } },
      configurable: true,
    });
    const networkFetch = globalThis.fetch;
    this.networkFetch = networkFetch;
    globalThis.fetch = async (input, init) => {
      if (this.offline) throw new TypeError('Failed to fetch');
      this.requests += 1;
      // The page resolves relative addresses against its origin; Node's fetch needs them whole.
      const url = typeof input === 'string' ? new URL(input, this.origin) : input;
      const headers = new Headers(init?.headers);
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
      const response = await networkFetch(url, { ...init, headers });
      if (this.dropAnswers > 0) {
        this.dropAnswers -= 1;
        throw new TypeError('Failed to fetch');
      }
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(';')[0] ?? '';
        const equals = pair.indexOf('=');
        if (equals > 0) this.cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
      }
      return response;
    };
  }

  /** Node again: PGlite takes a global `window` for a browser. */
  uninstall(): void {
    if (this.networkFetch) globalThis.fetch = this.networkFetch;
    Reflect.deleteProperty(globalThis, 'window');
  }
}

function resultFor(contentId: number, operator: { id: number; username: string }): ModeratedResult {
  const now = new Date().toISOString();
  return {
    content_id: contentId,
    moderated_status: {
      nudity: 0,
      violence: 0,
      spam: contentId % 2 === 0 ? 1 : 0,
      drugs: contentId % 2 === 0 ? 0 : 1,
    },
    moderated_time: now,
    inbound_time: now,
    subscriber_id: SUBSCRIBER,
    user_id: operator.id,
    total_contents: 1,
    username: operator.username,
    is_batch_moderator: false,
  };
}

/** Waits until the outbox has stopped sending; fails when anything is still waiting. */
async function expectDrained(outbox: Outbox, what: string): Promise<void> {
  await outbox.whenIdle();
  const { waiting, lastError } = outbox.getSnapshot();
  if (waiting > 0)
    throw new Error(`${what}: ${waiting} still waiting (${lastError ?? 'no error'})`);
}

interface Verdict {
  stored: number;
  lost: number;
  twice: number;
  wrongKey: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-outbox-'));
  try {
    log(
      `outbox bench: ${RESULTS} results offline then replayed, beside ${RESULTS} sent online one by one; ${os.cpus().length} cores, embedded PGlite`,
    );
    const setupDb = await openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) });
    const { operator, session, token } = await (async () => {
      await migrate(setupDb);
      await syncRolesAndPermissions(setupDb);
      const [user] = await setupDb.query<{ id: number; username: string }>(
        `insert into users (username, role_id, password_hash)
         values ('bench_outbox', (select id from roles where name = 'operator'), 'no-password')
         returning id, username`,
      );
      if (!user) throw new Error('no bench operator');
      const [userSession = ''] = await createSessions(setupDb, [user.id]);
      const service = await createTestService(setupDb, { code: 'bench', tags: TAGS });
      return { operator: user, session: userSession, token: service.token };
    })().finally(() => setupDb.close());

    const { child, baseUrl } = await startBenchServer(dataDir);
    const keysOf = new Map<number, string>();
    let online: number[] = [];
    let offline: number[] = [];
    let lostAnswer: number[] = [];
    let onlineMs = 0;
    let replayMs = 0;
    let replayRequests = 0;
    let submitLatencies: number[] = [];
    const network = new BrowserNetwork(baseUrl, session);
    try {
      const ids = await ingestItems(
        baseUrl,
        token,
        Array.from({ length: RESULTS * 2 + LOST_ANSWER }, (_, n) =>
          textItem(n, { subscriber_id: SUBSCRIBER }),
        ),
      );
      online = ids.slice(0, RESULTS);
      offline = ids.slice(RESULTS, RESULTS * 2);
      lostAnswer = ids.slice(RESULTS * 2);

      network.install();
      const outbox = createOutbox({
        openDb: openLocalDb,
        transport: httpOutboxTransport,
        locks: null,
        channel: null,
      });
      outbox.setUser(operator.id);
      await outbox.whenIdle();

      const onlineStarted = performance.now();
      for (const id of online) {
        keysOf.set(id, await outbox.enqueue('result', resultFor(id, operator)));
        await expectDrained(outbox, 'online');
      }
      onlineMs = performance.now() - onlineStarted;
      log(`online, one by one: ${RESULTS} acknowledged in ${onlineMs.toFixed(0)} ms`);

      network.offline = true;
      submitLatencies = [];
      for (const id of offline) {
        const started = performance.now();
        keysOf.set(id, await outbox.enqueue('result', resultFor(id, operator)));
        submitLatencies.push(performance.now() - started);
      }
      await outbox.whenIdle();
      if (outbox.getSnapshot().waiting !== RESULTS) {
        throw new Error(`offline: ${outbox.getSnapshot().waiting} of ${RESULTS} waiting`);
      }
      submitLatencies.sort((a, b) => a - b);
      log(
        `offline: ${outbox.getSnapshot().waiting} waiting in the outbox; a submit is stored in p50 ${percentile(submitLatencies, 50).toFixed(2)} ms, p99 ${percentile(submitLatencies, 99).toFixed(2)} ms`,
      );

      network.offline = false;
      const requestsBefore = network.requests;
      const replayStarted = performance.now();
      await outbox.replay();
      await expectDrained(outbox, 'replay');
      replayMs = performance.now() - replayStarted;
      replayRequests = network.requests - requestsBefore;
      log(
        `reconnect: ${RESULTS} acknowledged ${replayMs.toFixed(0)} ms after the network came back (${replayRequests} requests)`,
      );

      // The acknowledgement is lost on the way back: the outbox sends the batch again after its
      // backoff and the server must answer the replay without storing it twice.
      network.offline = true;
      for (const id of lostAnswer) {
        keysOf.set(id, await outbox.enqueue('result', resultFor(id, operator)));
      }
      await outbox.whenIdle();
      network.offline = false;
      network.dropAnswers = 1;
      const resent = performance.now();
      // The browser's online event: this pass loses its answer and leaves the entries queued.
      await outbox.replay();
      // The socket's reconnect, which follows: the same entries, the same keys, again.
      await outbox.replay();
      await expectDrained(outbox, 'lost answer');
      log(
        `lost answer: ${lostAnswer.length} results whose first answer was lost, acknowledged after a resend ${(performance.now() - resent).toFixed(0)} ms after reconnecting`,
      );
      outbox.dispose();
    } finally {
      network.uninstall();
      await stopBenchServer(child);
    }

    const db = await openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) });
    const verdict = await (async (): Promise<Verdict> => {
      const rows = await db.query<{ content_id: number; key: string; outcome: string }>(
        `select content_id::int as content_id, idempotency_key as key, outcome
           from moderation_results where user_id = $1`,
        [operator.id],
      );
      const stored = rows.filter((row) => row.outcome === 'stored');
      const seen = new Map<number, number>();
      for (const row of stored) seen.set(row.content_id, (seen.get(row.content_id) ?? 0) + 1);
      const [decided] = await db.query<{ count: number }>(
        `select count(*)::int as count from contents where status = 'decided' and decided_by = $1`,
        [operator.id],
      );
      return {
        stored: decided?.count ?? 0,
        lost: [...keysOf.keys()].filter((id) => !seen.has(id)).length,
        twice: [...seen.values()].filter((count) => count > 1).length,
        wrongKey: stored.filter((row) => keysOf.get(row.content_id) !== row.key).length,
      };
    })().finally(() => db.close());

    log('');
    log(`online one by one (baseline): ${onlineMs.toFixed(0)} ms for ${RESULTS}`);
    log(
      `replay after reconnect:       ${replayMs.toFixed(0)} ms for ${RESULTS} (${replayRequests} requests)`,
    );
    log(`ratio replay / baseline:      ${(replayMs / onlineMs).toFixed(3)}`);
    log(
      `database: ${verdict.stored} of ${keysOf.size} items decided; lost ${verdict.lost}, stored twice ${verdict.twice}, stored under another key ${verdict.wrongKey}`,
    );
    const correct = verdict.lost === 0 && verdict.twice === 0 && verdict.wrongKey === 0;
    const met = correct && replayMs <= TARGET_MS;
    log(
      `target (all ${RESULTS} acknowledged within ${TARGET_MS} ms of reconnecting, none lost, none twice): ${met ? 'met' : 'NOT met'}`,
    );
    if (!correct) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A watchdog: whatever hangs, the bench ends (and its server child with it).
setTimeout(() => {
  process.stderr.write('bench: watchdog expired, giving up\n');
  process.exit(2);
}, DEADLINE_MS).unref();

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
