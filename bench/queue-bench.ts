/**
 * npm run bench:queue — the live-moderation queue end to end, against the real server.
 *
 * 1. Setup, straight on a fresh database (see below): schema, N operators with ready
 *    sessions (no scrypt), one service and its API token.
 * 2. The real server starts as a child process on that database (demo feeder off) and the pool
 *    of items arrives through the ingest API.
 * 3. Simulated operators run the whole protocol over real sockets and HTTP on loopback:
 *    moderate-me, request-content -> set-content -> POST /api/content/update ->
 *    POST /api/v2/content/submit-contents, until the pool is empty. Printed: items moderated per
 *    second and p50/p99 submit latency.
 * 4. Baseline in the same run: the server stops and the same claim-and-store SQL
 *    (claimContents + storeSubmissions) runs straight on the database for a new pool.
 * 5. With routing pools, in the same run: BENCH_POOL_SERVICES more services (every other one of
 *    a higher priority) are split over pools of BENCH_POOL_SIZE services, the operators are
 *    spread over the pools, and steps 2 to 4 run again on items of those services, so the
 *    figures with and without pools sit side by side. BENCH_POOLS=0 skips it.
 *
 * Sizing (environment): BENCH_OPERATORS (1000), BENCH_ITEMS (15000), BENCH_BASELINE_ITEMS (6000),
 * BENCH_MODE batch (one submit per claimed set, as batch moderators do) or single (one submit
 * per item), BENCH_POOL_SERVICES (6), BENCH_POOL_SIZE (3). Every loop is bounded; everything
 * stays on 127.0.0.1.
 *
 * Database and processes (environment): BENCH_DB pglite (the default: the embedded database in a
 * temp DATA_DIR) or postgres (a database of its own, created and dropped on TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; server and baseline both run on it).
 * BENCH_NODES 1 (default) or 2: two server processes on one PostgreSQL (BENCH_NODES=2 means
 * BENCH_DB=postgres) with the socket.io Redis adapter (REDIS_URL, default
 * redis://127.0.0.1:6379, a REDIS_PREFIX of the run's own); ingest and operators are spread
 * over both. On PostgreSQL the baseline runs twice: on one connection, and on as many at once as
 * the servers' pools hold.
 *
 * Printed beside the figures: each server process's CPU (user + system over the run, as % of one
 * core) and RSS (peak and end), sampled from /proc, and the submits per group commit, read from
 * the servers' /metrics (METRICS=token) before and after the operators ran.
 *
 * Correctness, checked in the database after each phase (tests/support/queue-audit.ts): no item
 * leased or handed to two operators, no ingested item lost, every decided item decided by one
 * stored result, every acknowledged result kept once. The bench exits non-zero only when one of
 * these fails (or it hangs past its watchdog); slow figures are printed, never fatal.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createClient } from 'redis';
import type { IngestItem, ModeratedResult } from '../src/contract/content';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { DEFAULT_POOL_SIZE, openPostgresDatabase } from '../server/db/postgres-database';
import { claimContents, storeSubmissions } from '../server/features/moderation/content-repository';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { createSessions, createTestService } from '../tests/support/moderation-fixtures';
import {
  contentIds,
  fetchContents,
  ingestItems,
  moderatedResult,
  openModerationSocket,
  requestContent,
  serviceClient,
  sessionClient,
  submitResults,
  takeModeration,
} from '../tests/support/protocol';
import {
  auditQueue,
  installAssignmentLog,
  QueueClientRecord,
  type QueueAudit,
} from '../tests/support/queue-audit';
import { createScratchDatabase, postgresAnswers } from './support/bench-databases';
import { pgliteDirOf, startBenchServer, stopBenchServer } from './support/bench-server';
import { healthEndpoints } from '../src/contract/health';
import { parsePrometheusText, sampleValue } from '../tests/support/prometheus-text';
import {
  formatUsage,
  ProcessGroupSampler,
  ProcessSampler,
  type ProcessUsage,
} from './support/process-usage';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 1000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 15000);
const BASELINE_ITEMS = Number(process.env.BENCH_BASELINE_ITEMS ?? 6000);
const MODE = process.env.BENCH_MODE === 'single' ? 'single' : 'batch';
const NODES = Math.max(1, Math.floor(Number(process.env.BENCH_NODES ?? 1)));
type Engine = 'pglite' | 'postgres';
const ENGINE: Engine =
  process.env.BENCH_DB === 'postgres' || (!process.env.BENCH_DB && NODES > 1)
    ? 'postgres'
    : 'pglite';
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_URL = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const POOLS_PHASE = process.env.BENCH_POOLS !== '0';
const POOL_SERVICES = Number(process.env.BENCH_POOL_SERVICES ?? 6);
const POOL_SIZE = Math.max(1, Number(process.env.BENCH_POOL_SIZE ?? 3));
const MAX_CONTENT = 6;
const TAGS = ['nudity', 'violence', 'spam', 'drugs'];
const REQUEST_CONTENT_INTERVAL_MS = 3_000;
/** No run may take longer than this, whatever happens. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 120_000);

interface Operator {
  id: number;
  username: string;
  session: string;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * fetch with bounded retries: a thousand operators opening connections at once can overflow the
 * listen backlog on a small machine, and a pooled keep-alive connection the server has just
 * closed fails once; both are a reconnect, not a lost request.
 */
const request: typeof fetch = async (url, init) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 8) {
        const cause = (error as Error & { cause?: unknown }).cause ?? error;
        throw new Error(`${String(url)}: ${String(cause)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};

/** How often an operator's call may meet a 5xx in a row before the run gives up on it. */
const UNAVAILABLE_RETRIES = 10;

/**
 * A call the server answered 5xx (503 "cannot reach its database", a 500 from a deadlock the
 * database broke) is made again after a pause, as the console's outbox does; a submit keeps its
 * idempotency keys, so a retry never stores twice. Each such answer is counted and printed.
 */
async function retryingUnavailable<T>(
  stats: RunStats,
  deadline: number,
  call: () => Promise<T>,
  unavailable: (answer: T) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      const giveUp = attempt > UNAVAILABLE_RETRIES || Date.now() > deadline;
      if (!/answered 5\d\d/.test(String(error)) || giveUp) throw error;
      stats.unavailable += 1;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      continue;
    }
    if (!unavailable(answer) || attempt > UNAVAILABLE_RETRIES || Date.now() > deadline) {
      return answer;
    }
    stats.unavailable += 1;
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// ---------------------------------------------------------------------------------------------
// The database of the run

interface BenchDatabase {
  engine: Engine;
  label: string;
  /** Temp directory: the embedded database's files, the servers' DATA_DIR. */
  dataDir: string;
  /** Environment that points a server at it. */
  serverEnv: Record<string, string>;
  /**
   * Opens it in this process. The embedded database only while no server has it open; on
   * PostgreSQL with a pool of `connections`.
   */
  open(connections?: number): Promise<Database>;
  /** PostgreSQL: the process ids of the backends serving this database (for their CPU). */
  backendPids?: () => Promise<number[]>;
  /**
   * PostgreSQL: what each backend of this database is doing now, as `state / wait / statement`
   * (e.g. `idle in transaction / Client:ClientRead / commit`: holding a transaction open while
   * the server process has not sent its next statement).
   */
  backendActivity?: () => Promise<string[]>;
  dispose(): Promise<void>;
}

async function benchDatabase(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-queue-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (ENGINE === 'pglite') {
    return {
      engine: ENGINE,
      label: 'embedded PGlite',
      dataDir,
      serverEnv: {},
      open: () => openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) }),
      dispose: async () => removeDir(),
    };
  }
  const database = await createScratchDatabase(ADMIN_URL, 'bench_queue');
  // One connection to the admin database, to list this database's backends while servers run.
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  admin.on('error', () => undefined);
  return {
    engine: ENGINE,
    label: `PostgreSQL (database ${database.name}, dropped at the end)`,
    dataDir,
    serverEnv: { DATABASE_URL: database.url },
    open: async (connections = 4) => openPostgresDatabase(database.url, { poolSize: connections }),
    backendPids: async () => {
      const rows = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [database.name],
      );
      return rows.rows.map((row) => row.pid);
    },
    backendActivity: async () => {
      const rows = await admin.query<{ activity: string }>(
        `select state || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'running')
                || ' / ' || regexp_replace(left(query, 40), '\\s+', ' ', 'g') as activity
           from pg_stat_activity where datname = $1 and state <> 'idle'`,
        [database.name],
      );
      return rows.rows.map((row) => row.activity);
    },
    dispose: async () => {
      await admin.end().catch(() => undefined);
      removeDir();
      await database.drop();
    },
  };
}

async function withDb<T>(
  database: BenchDatabase,
  work: (db: Database) => Promise<T>,
  connections?: number,
): Promise<T> {
  const db = await database.open(connections);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    await client.quit().catch(() => undefined);
  }
}

async function setup(db: Database): Promise<{ operators: Operator[]; token: string }> {
  await migrate(db);
  await syncRolesAndPermissions(db);
  await installAssignmentLog(db);
  const users = await db.query<{ id: number; username: string }>(
    `insert into users (username, role_id, password_hash, max_content, is_batch_moderator)
     select 'bench_op_' || n, (select id from roles where name = 'operator'), 'no-password', $2, $3
       from generate_series(1, $1::int) as n
     returning id, username`,
    [OPERATORS, MAX_CONTENT, MODE === 'batch'],
  );
  users.sort((a, b) => a.id - b.id);
  const sessions = await createSessions(
    db,
    users.map((user) => user.id),
  );
  const { token } = await createTestService(db, {
    code: 'bench',
    tags: TAGS,
    aiWordLists: { spam: ['free money'], drugs: ['pills'] },
  });
  return {
    operators: users.map((user, n) => ({ ...user, session: sessions[n] ?? '' })),
    token,
  };
}

/**
 * `count` items, spread round-robin over the services of `tokens` and the server processes of
 * `baseUrls`; answers their ids.
 */
async function ingestPool(baseUrls: string[], tokens: string[], count: number): Promise<number[]> {
  const jobs = tokens.flatMap((token, t) =>
    baseUrls.map((baseUrl, b) => ({ token, baseUrl, slot: t * baseUrls.length + b })),
  );
  const ids = await Promise.all(
    jobs.map(({ token, baseUrl, slot }) =>
      ingestItemsOf(
        baseUrl,
        token,
        Math.floor(count / jobs.length) + (slot < count % jobs.length ? 1 : 0),
        // Four requests in flight in all, as a busy client service would send.
        Math.max(1, Math.round(4 / jobs.length)),
      ),
    ),
  );
  return ids.flat();
}

async function ingestItemsOf(
  baseUrl: string,
  token: string,
  count: number,
  parallel: number,
): Promise<number[]> {
  const items = Array.from({ length: count }, (_, n): IngestItem => {
    const common = { subscriber_id: `sub-${n % 50}`, user_id: `member-${n}` };
    return n % 3 === 0
      ? { ...common, message_type: 'image', content: `http://127.0.0.1/bench/${n}.png` }
      : {
          ...common,
          message_type: 'text',
          content: n % 7 === 0 ? `free money ${n}` : `message ${n}`,
        };
  });
  return ingestItems(baseUrl, token, items, {
    parallel,
    client: serviceClient(baseUrl, token, { fetch: request }),
  });
}

// ---------------------------------------------------------------------------------------------
// The server phase

interface RunStats {
  /** Operators the server never let moderate before the deadline. */
  notModerating: number;
  /** Operators that hold moderation now. */
  moderating: number;
  /** Operators still running. */
  running: number;
  stored: number;
  otherOutcomes: number;
  /** Calls answered 5xx (and made again). */
  unavailable: number;
  /** request-content events sent: a first ask, and one more every time an ask went unanswered. */
  asks: number;
  /** Per operator that started moderating: from opening its socket until moderation was its. */
  joinLatencies: number[];
  submitLatencies: number[];
  /** From asking for content (again) until new items were assigned: what an idle operator waits. */
  assignLatencies: number[];
  /** Per hand-out: fetching its items, and the whole cycle from asking to the last submit. */
  fetchLatencies: number[];
  cycleLatencies: number[];
  firstAt: number;
  lastAt: number;
  /** What the operators were handed, were answered and sent, for the audit. */
  record: QueueClientRecord;
  /** Per server process, while the operators ran. */
  serverUsage: (ProcessUsage | undefined)[];
  /** The servers' group commits while the operators ran (from their /metrics). */
  groups: GroupCommits | undefined;
  /** PostgreSQL's backends of this database, while the operators ran (not on PGlite). */
  databaseCpu: { cpuSeconds: number; cpuPercentOfCore: number } | undefined;
  /** PostgreSQL: busy backends by activity, summed over samples; and how many samples. */
  backendActivity: Map<string, number>;
  activitySamples: number;
  /** CPU seconds of this process (the simulated operators) while they ran. */
  benchCpu: number;
  cpuWallSeconds: number;
}

/** One simulated operator: the whole protocol until the queue stays empty. */
async function runOperator(
  baseUrl: string,
  operator: Operator,
  stats: RunStats,
  deadline: number,
  queueEmpty: () => boolean,
): Promise<void> {
  const client = sessionClient(baseUrl, operator.session, { fetch: request });
  const moderator = { ...operator, cookie: client.cookieHeader(), client };
  const joinStarted = performance.now();
  // Bounded retries, like the console's socket manager.
  const socket = await openModerationSocket(baseUrl, moderator, { retries: 2, timeoutMs: 120_000 });
  const started = await takeModeration(socket, operator.id, {
    timeoutMs: Math.max(0, deadline - Date.now()),
  }).catch(() => false);
  if (!started) {
    stats.notModerating += 1;
    socket.close();
    return;
  }
  stats.moderating += 1;
  stats.joinLatencies.push(performance.now() - joinStarted);

  // Every set-content counts, not only the one answering the last request: a claim answered
  // after the client stopped waiting (its answer came in while the operator was submitting) still
  // handed items over, and the console shows whatever it was sent. A later claim that finds
  // nothing new sends nothing, so items read only from the latest answer would stay held.
  // handledAt: id -> how many set-content events had arrived when the item was worked on; an id
  // sent again after that (a reset's resend) is worked on again.
  const handledAt = new Map<number, number>();
  const unhandled = () => {
    const events = socket.all('set-content');
    const ids = new Set<number>();
    events.forEach((args, index) => {
      for (const id of contentIds(args)) if ((handledAt.get(id) ?? -1) < index) ids.add(id);
    });
    return { ids: [...ids], upTo: events.length };
  };
  let askedAt = performance.now();
  try {
    while (Date.now() < deadline) {
      // Unanswered, the console asks again after its poll interval (SPEC: every 3 s while below
      // max content).
      if (unhandled().ids.length === 0) {
        stats.asks += 1;
        await requestContent(socket, operator.id, MAX_CONTENT, {
          timeoutMs: REQUEST_CONTENT_INTERVAL_MS,
        }).catch(() => []);
      }
      const { ids: fresh, upTo } = unhandled();
      stats.record.handedTo(operator.id, fresh);
      if (fresh.length === 0) {
        if (queueEmpty()) return;
        continue;
      }
      stats.assignLatencies.push(performance.now() - askedAt);
      const fetchStarted = performance.now();
      const items = await retryingUnavailable(stats, deadline, () => fetchContents(client, fresh));
      stats.fetchLatencies.push(performance.now() - fetchStarted);
      const results: ModeratedResult[] = items.map((item, n) =>
        moderatedResult(operator, item.id, {
          moderated_status: { nudity: 0, violence: 0, spam: n % 2 === 0 ? 1 : 0, drugs: 1 },
          subscriber_id: item.subscriber_id,
          total_contents: items.length,
          is_batch_moderator: MODE === 'batch',
          idempotency_key: randomBytes(12).toString('base64url'),
        }),
      );
      const groups = MODE === 'batch' ? [results] : results.map((result) => [result]);
      for (const group of groups) {
        // Past the deadline the items left are reported unfinished; their leases lapse.
        if (group.length === 0 || Date.now() >= deadline) continue;
        const started = performance.now();
        const response = await retryingUnavailable(
          stats,
          deadline,
          () => submitResults(client, group),
          (answer) => answer.status >= 500,
        );
        stats.submitLatencies.push(performance.now() - started);
        if (response.status >= 200 && response.status < 300) {
          for (const result of group) {
            if (result.idempotency_key) stats.record.acknowledgedKeys.push(result.idempotency_key);
          }
        }
        for (const item of response.body.data ?? []) {
          if (item.status === 'stored') {
            stats.stored += 1;
            stats.record.storedFor(operator.id, item.content_id);
          } else {
            stats.otherOutcomes += 1;
          }
        }
        stats.lastAt = performance.now();
      }
      // Worked on, or no longer this operator's (fetchContents answers only leased items).
      for (const id of fresh) handledAt.set(id, upTo);
      stats.cycleLatencies.push(performance.now() - askedAt);
      askedAt = performance.now();
    }
  } finally {
    stats.moderating -= 1;
    socket.close();
  }
}

/** A line every 10 s while the operators run: a stalled run shows where it stalls. */
function progressReporter(stats: RunStats): () => void {
  let last = { at: performance.now(), stored: 0 };
  const timer = setInterval(() => {
    const now = performance.now();
    const rate = ((stats.stored - last.stored) * 1000) / (now - last.at);
    last = { at: now, stored: stats.stored };
    log(
      `  ${((now - stats.firstAt) / 1000).toFixed(0).padStart(4)} s: ${stats.stored} stored (${rate.toFixed(0)} items/s), ${stats.moderating} moderating, ${stats.running} operators running, ${stats.unavailable} answers 5xx`,
    );
  }, 10_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Samples what PostgreSQL's backends of the bench database do, every 250 ms. */
function activitySampler(database: BenchDatabase, stats: RunStats): () => Promise<void> {
  const sample = database.backendActivity;
  if (!sample) return async () => undefined;
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      const activities = await sample().catch(() => undefined);
      if (!activities) return;
      stats.activitySamples += 1;
      for (const activity of activities) {
        stats.backendActivity.set(activity, (stats.backendActivity.get(activity) ?? 0) + 1);
      }
    });
  }, 250);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

interface PhaseResult {
  itemsPerSecond: number;
  p50: number;
  p99: number;
  assignP50: number;
  assignP99: number;
  stats: RunStats;
  ingestedIds: number[];
}

interface GroupCommits {
  transactions: number;
  submits: number;
}

/** The servers' /metrics are read with this token (METRICS=token). */
const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** Transactions the servers' submit groups committed so far, and the submits they stored. */
async function readGroupCommits(baseUrls: string[]): Promise<GroupCommits | undefined> {
  const totals: GroupCommits = { transactions: 0, submits: 0 };
  for (const baseUrl of baseUrls) {
    const response = await fetch(new URL(healthEndpoints.metrics.path, baseUrl), {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).catch(() => undefined);
    if (!response?.ok) return undefined;
    const scraped = parsePrometheusText(await response.text());
    totals.transactions += sampleValue(scraped, 'moderation_submit_group_size_count', {}) ?? 0;
    totals.submits += sampleValue(scraped, 'moderation_submit_group_size_sum', {}) ?? 0;
  }
  return totals;
}

async function runServerPhase(
  database: BenchDatabase,
  operators: Operator[],
  tokens: string[],
): Promise<PhaseResult> {
  const env: Record<string, string> = {
    ...database.serverEnv,
    LEASE_GRACE_SECONDS: '60',
    METRICS: 'token',
    METRICS_TOKEN,
  };
  if (NODES > 1) {
    // A prefix of this run's own: other runs on the same Redis never see its events.
    Object.assign(env, {
      REDIS_URL,
      REDIS_PREFIX: `bench-queue-${randomBytes(6).toString('hex')}`,
    });
  }
  const servers: Awaited<ReturnType<typeof startBenchServer>>[] = [];
  try {
    for (let node = 0; node < NODES; node += 1) {
      servers.push(await startBenchServer(database.dataDir, env));
    }
    const baseUrls = servers.map((server) => server.baseUrl);
    const ingestStarted = performance.now();
    const ingestedIds = await ingestPool(baseUrls, tokens, ITEMS);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    log(
      `ingest: ${ITEMS} items through POST /api/v1/contents in ${ingestSeconds.toFixed(1)} s (${Math.round(ITEMS / ingestSeconds)} items/s)`,
    );

    const stats: RunStats = {
      notModerating: 0,
      moderating: 0,
      running: 0,
      stored: 0,
      otherOutcomes: 0,
      unavailable: 0,
      asks: 0,
      joinLatencies: [],
      submitLatencies: [],
      assignLatencies: [],
      fetchLatencies: [],
      cycleLatencies: [],
      firstAt: 0,
      lastAt: 0,
      record: new QueueClientRecord(),
      serverUsage: [],
      groups: undefined,
      databaseCpu: undefined,
      backendActivity: new Map(),
      activitySamples: 0,
      benchCpu: 0,
      cpuWallSeconds: 0,
    };
    const deadline = Date.now() + DEADLINE_MS;
    const queueEmpty = () => stats.stored + stats.otherOutcomes >= ITEMS;
    log(
      `operators: connecting ${operators.length} over sockets and HTTP${NODES > 1 ? `, spread over ${NODES} server processes` : ''}...`,
    );
    const groupsBefore = await readGroupCommits(baseUrls);
    stats.firstAt = performance.now();
    const samplers = servers.map(({ child }) =>
      child.pid === undefined ? undefined : new ProcessSampler(child.pid),
    );
    const databaseSampler = database.backendPids
      ? new ProcessGroupSampler(database.backendPids)
      : undefined;
    const benchCpuBefore = process.cpuUsage();
    const stopProgress = progressReporter(stats);
    const stopActivity = activitySampler(database, stats);
    // Operators arrive 100 at a time, as a shift starting, not as one burst of handshakes.
    const runs: Promise<void>[] = [];
    for (const [n, operator] of operators.entries()) {
      if (n > 0 && n % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      const baseUrl = baseUrls[n % baseUrls.length] ?? '';
      stats.running += 1;
      runs.push(
        runOperator(baseUrl, operator, stats, deadline, queueEmpty).finally(() => {
          stats.running -= 1;
        }),
      );
    }
    await Promise.all(runs);
    stopProgress();
    await stopActivity();
    stats.serverUsage = samplers.map((sampler) => sampler?.stop());
    const groupsAfter = await readGroupCommits(baseUrls);
    if (groupsBefore && groupsAfter) {
      stats.groups = {
        transactions: groupsAfter.transactions - groupsBefore.transactions,
        submits: groupsAfter.submits - groupsBefore.submits,
      };
    }
    stats.databaseCpu = await databaseSampler?.stop();
    const benchCpu = process.cpuUsage(benchCpuBefore);
    stats.benchCpu = (benchCpu.user + benchCpu.system) / 1e6;
    stats.cpuWallSeconds = (performance.now() - stats.firstAt) / 1000;
    const seconds = (stats.lastAt - stats.firstAt) / 1000;
    const sorted = [...stats.submitLatencies].sort((a, b) => a - b);
    const assign = [...stats.assignLatencies].sort((a, b) => a - b);
    return {
      itemsPerSecond: stats.stored / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      assignP50: percentile(assign, 50),
      assignP99: percentile(assign, 99),
      stats,
      ingestedIds,
    };
  } finally {
    await Promise.all(servers.map(({ child }) => stopBenchServer(child)));
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: the same SQL straight on the database

/**
 * The same claim-and-store SQL, straight on the database: `workers` loops at once (each on
 * its own connection, over its own share of the operators), each one operator after another.
 */
async function runBaseline(
  db: Database,
  operators: Operator[],
  serviceCodes: string[],
  workers: number,
): Promise<number> {
  // Spread round-robin over the services, each item with a subscriber of its own service.
  await db.query(
    `insert into contents (service_id, subscriber_id, user_id, message_type, content, ai_state)
     select s.id, (select min(sub.id) from subscribers sub where sub.service_id = s.id),
            'member-' || n, 'text', 'message ' || n, 'done'
       from generate_series(1, $1::int) as n
       join services s on s.code = ($2::text[])[1 + n % cardinality($2::text[])]`,
    [BASELINE_ITEMS, serviceCodes],
  );
  await db.query(
    `insert into moderation_presence (user_id, socket_id, node_id)
     select id, 'baseline-' || id, 'baseline' from users where username like 'bench_op_%'
     on conflict (user_id) do update set socket_id = excluded.socket_id`,
  );
  let stored = 0;
  const worker = async (own: Operator[]) => {
    let emptyClaims = 0;
    for (let round = 0; stored < BASELINE_ITEMS && round < 10_000 + BASELINE_ITEMS; round += 1) {
      const operator = own[round % own.length];
      if (!operator) break;
      const claim = await claimContents(db, {
        userId: operator.id,
        socketId: `baseline-${operator.id}`,
        wanted: MAX_CONTENT,
        maxContent: MAX_CONTENT,
        leaseSeconds: 60,
        aiWaitSeconds: 30,
      });
      // With pools an operator's own services may run dry before the others': only a round in
      // which nobody got anything means the queue is empty.
      if (claim.ids.length === 0) {
        emptyClaims += 1;
        if (emptyClaims >= own.length) break;
        continue;
      }
      emptyClaims = 0;
      const outcomes = await db.transaction((tx) =>
        storeSubmissions(
          tx,
          operator.id,
          claim.ids.map((id) => ({
            key: randomBytes(12).toString('base64url'),
            result: {
              content_id: id,
              moderated_status: { spam: 1 },
              moderated_time: new Date().toISOString(),
              inbound_time: new Date().toISOString(),
              subscriber_id: 'sub',
              user_id: operator.id,
              total_contents: claim.ids.length,
              username: operator.username,
              is_batch_moderator: true,
            },
          })),
        ),
      );
      stored += outcomes.filter((outcome) => outcome.status === 'stored').length;
    }
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, (_, w) =>
      worker(operators.filter((_operator, n) => n % workers === w)),
    ),
  );
  return stored / ((performance.now() - started) / 1000);
}

interface Baseline {
  label: string;
  itemsPerSecond: number;
}

/**
 * The baselines of a phase. PGlite has one connection: one loop. On PostgreSQL, one loop (what
 * one connection does) and as many loops as the servers' pools hold connections (what the
 * database does with the servers' concurrency but without HTTP, sockets and Node).
 */
async function runBaselines(
  database: BenchDatabase,
  operators: Operator[],
  serviceCodes: string[],
): Promise<Baseline[]> {
  const counts = database.engine === 'pglite' ? [1] : [1, DEFAULT_POOL_SIZE * NODES];
  const baselines: Baseline[] = [];
  for (const workers of counts) {
    const itemsPerSecond = await withDb(
      database,
      (db) => runBaseline(db, operators, serviceCodes, workers),
      workers,
    );
    baselines.push({
      label: workers === 1 ? 'one connection' : `${workers} connections at once`,
      itemsPerSecond,
    });
  }
  return baselines;
}

/**
 * The pools phase's data: POOL_SERVICES services (every other one of priority 10), split over
 * pools of POOL_SIZE services, and every operator in one pool, round-robin.
 */
async function setupPools(
  db: Database,
): Promise<{ tokens: string[]; codes: string[]; pools: number }> {
  // The first baseline left its operators present on sockets that are gone.
  await db.query('delete from moderation_presence');
  const tokens: string[] = [];
  const codes: string[] = [];
  const pools: number[] = [];
  for (let n = 0; n < POOL_SERVICES; n += 1) {
    const code = `bench-pool-${n}`;
    const { service, token } = await createTestService(db, {
      code,
      name: `Bench pool service ${n}`,
      tags: TAGS,
      aiWordLists: { spam: ['free money'], drugs: ['pills'] },
    });
    if (n % 2 === 1)
      await db.query('update services set priority = 10 where id = $1', [service.id]);
    if (n % POOL_SIZE === 0) {
      const [pool] = await db.query<{ id: number }>(
        'insert into pools (name) values ($1) returning id',
        [`Bench pool ${pools.length + 1}`],
      );
      if (pool) pools.push(pool.id);
    }
    await db.query('insert into pool_services (pool_id, service_id) values ($1, $2)', [
      pools.at(-1),
      service.id,
    ]);
    tokens.push(token);
    codes.push(code);
  }
  await db.query(
    `insert into pool_members (pool_id, user_id)
     select ($1::int[])[1 + (row_number() over (order by id))::int % cardinality($1::int[])], id
       from users where username like 'bench_op_%'`,
    [pools],
  );
  return { tokens, codes, pools: pools.length };
}

// ---------------------------------------------------------------------------------------------
// Report

function reportAudit(audit: QueueAudit): void {
  log(
    `  database check:  ${audit.items} items ingested, ${audit.decided} decided, ${audit.leases} leases taken, ${audit.unfinished} unfinished; ${audit.failures.length === 0 ? 'no item given to two operators, none lost, each decided and each result kept once' : 'FAILED'}`,
  );
  for (const failure of audit.failures) log(`    FAILED: ${failure}`);
  if (audit.unfinished > 0) {
    log(
      `    ${audit.unfinished} items were still queued or leased when the deadline (${DEADLINE_MS / 1000} s) ended the run: slow, not lost (BENCH_DEADLINE_MS)`,
    );
  }
}

const mean = (values: readonly number[]) =>
  values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(
  label: string,
  server: PhaseResult,
  audit: QueueAudit,
  baselines: Baseline[],
): void {
  log('');
  log(`${label}, server end to end (sockets + HTTP):`);
  log(
    `  items moderated: ${server.stats.stored} of ${ITEMS} stored, ${server.stats.otherOutcomes} other outcomes, ${server.stats.notModerating} operators never moderating, ${server.stats.unavailable} calls answered 5xx (made again)`,
  );
  log(`  throughput:      ${server.itemsPerSecond.toFixed(0)} items/s`);
  log(
    `  submit latency:  p50 ${server.p50.toFixed(1)} ms, p99 ${server.p99.toFixed(1)} ms (${server.stats.submitLatencies.length} submits)`,
  );
  log(
    `  wait for items:  p50 ${server.assignP50.toFixed(0)} ms, p99 ${server.assignP99.toFixed(0)} ms (ask to set-content; claims yield to submits under load)`,
  );
  const { assignLatencies, fetchLatencies, cycleLatencies, joinLatencies } = server.stats;
  if (joinLatencies.length > 0) {
    const joins = [...joinLatencies].sort((a, b) => a - b);
    // Operators join while the first ones already work: a slow join lowers items/s as surely as
    // a slow claim, and varies from run to run with how the two interleave.
    log(
      `  joining:         p50 ${seconds(percentile(joins, 50))}, p99 ${seconds(percentile(joins, 99))}, max ${seconds(joins.at(-1) ?? 0)} (socket opened until moderation taken, ${joins.length} operators)`,
    );
  }
  // The simulated operators never pause: each asks again as soon as it has submitted what it
  // got. At full load such a closed loop's mean cycle is fixed by Little's law (operators x items
  // per hand-out / items per second) whatever order the server works in: serving claims first
  // would move the time from waiting into submitting, and only more items a second shortens it.
  if (cycleLatencies.length > 0) {
    const submitsPerCycle = server.stats.submitLatencies.length / cycleLatencies.length;
    log(
      `  operator cycle:  mean ${seconds(mean(cycleLatencies))}: waiting ${seconds(mean(assignLatencies))}, fetching ${seconds(mean(fetchLatencies))}, ${submitsPerCycle.toFixed(1)} submits ${seconds(mean(server.stats.submitLatencies) * submitsPerCycle)} (${(server.stats.stored / cycleLatencies.length).toFixed(1)} items per hand-out, ${(server.stats.asks / cycleLatencies.length).toFixed(1)} asks per hand-out; none pauses between items)`,
    );
  }
  const { groups } = server.stats;
  if (groups && groups.transactions > 0) {
    // Submits share a transaction when they wait for the database together (submit-groups.ts):
    // the larger the group, the fewer statements each item costs.
    log(
      `  group commits:   ${(groups.submits / groups.transactions).toFixed(1)} submits per transaction on average (${groups.transactions} transactions, from the servers' /metrics)`,
    );
  }
  log(
    `  while operators ran (${server.stats.cpuWallSeconds.toFixed(1)} s): bench client (${OPERATORS} simulated operators) cpu ${server.stats.benchCpu.toFixed(1)} s`,
  );
  server.stats.serverUsage.forEach((usage, node) => {
    log(`  server process ${node + 1}: ${formatUsage(usage)}`);
  });
  const database = server.stats.databaseCpu;
  if (database) {
    log(
      `  PostgreSQL backends of the bench database: cpu ${database.cpuSeconds.toFixed(1)} s = ${database.cpuPercentOfCore.toFixed(0)} % of one core`,
    );
  }
  if (server.stats.activitySamples > 0) {
    const top = [...server.stats.backendActivity].sort(([, a], [, b]) => b - a).slice(0, 6);
    log(
      `  PostgreSQL backends not idle, on average over ${server.stats.activitySamples} samples (state / wait / statement):`,
    );
    for (const [activity, count] of top) {
      log(`    ${(count / server.stats.activitySamples).toFixed(1).padStart(5)}  ${activity}`);
    }
  }
  // CPU per item does not depend on what else the machine runs, unlike items/s.
  const perThousand = (seconds: number) =>
    server.stats.stored > 0 ? ((1000 * seconds) / server.stats.stored).toFixed(2) : '?';
  const serversCpu = server.stats.serverUsage.reduce(
    (sum, usage) => sum + (usage?.cpuSeconds ?? 0),
    0,
  );
  log(
    `  cpu per 1,000 items stored: servers ${perThousand(serversCpu)} s${database ? `, PostgreSQL ${perThousand(database.cpuSeconds)} s` : ''}, simulated operators ${perThousand(server.stats.benchCpu)} s`,
  );
  reportAudit(audit);
  log(`${label}, baseline: the same claim-and-store SQL straight on the database:`);
  for (const baseline of baselines) {
    log(
      `  ${baseline.label}: ${baseline.itemsPerSecond.toFixed(0)} items/s (server / baseline ${(server.itemsPerSecond / baseline.itemsPerSecond).toFixed(2)})`,
    );
  }
}

/**
 * The queue's targets, each judged on its own from the first phase (without pools): on two or
 * more processes at least 3,000 items/s; on one, at least 1,000 items/s, a p99 submit under
 * 100 ms, a p50 wait for items under 1 s and at least 0.7 of the one-connection baseline. One
 * line per target, so that a run shows which are met, not only whether all are.
 */
function targetLines({ server, baselines }: PhaseSummary): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  if (NODES > 1) {
    return [
      `target with ${NODES} server processes, >= 3,000 items/s: ${verdict(server.itemsPerSecond >= 3000)}`,
    ];
  }
  const baseline = baselines[0]?.itemsPerSecond;
  const ratio = baseline ? server.itemsPerSecond / baseline : 0;
  return [
    `targets without pools, ${MODE} submits, one server process:`,
    `  >= 1,000 items/s:        ${verdict(server.itemsPerSecond >= 1000)} (${server.itemsPerSecond.toFixed(0)})`,
    `  p99 submit < 100 ms:     ${verdict(server.p99 < 100)} (${server.p99.toFixed(1)} ms)`,
    `  p50 wait for items < 1 s: ${verdict(server.assignP50 < 1000)} (${server.assignP50.toFixed(0)} ms)`,
    `  ratio to baseline >= 0.7: ${verdict(ratio >= 0.7)} (${ratio.toFixed(2)})`,
  ];
}

interface PhaseSummary {
  label: string;
  server: PhaseResult;
  audit: QueueAudit;
  baselines: Baseline[];
}

/** One phase: the servers with the operators, the audit, the baselines. */
async function phase(
  database: BenchDatabase,
  label: string,
  operators: Operator[],
  tokens: string[],
  codes: string[],
): Promise<PhaseSummary> {
  const server = await runServerPhase(database, operators, tokens);
  const audit = await withDb(database, (db) =>
    auditQueue(db, server.ingestedIds, server.stats.record),
  );
  const baselines = await runBaselines(database, operators, codes);
  report(label, server, audit, baselines);
  return { label, server, audit, baselines };
}

async function main(): Promise<boolean> {
  if (NODES > 1 && ENGINE !== 'postgres') {
    throw new Error('BENCH_NODES=2 needs PostgreSQL: the embedded database has one process');
  }
  if (ENGINE === 'postgres' && !(await postgresAnswers(ADMIN_URL))) {
    throw new Error(`PostgreSQL at ${ADMIN_URL} does not answer (set TEST_DATABASE_URL)`);
  }
  if (NODES > 1 && !(await redisAnswers(REDIS_URL))) {
    throw new Error(`Redis at ${REDIS_URL} does not answer (set REDIS_URL)`);
  }
  const database = await benchDatabase();
  try {
    log(
      `queue bench: ${OPERATORS} operators, ${ITEMS} items, ${MODE} submits, max_content ${MAX_CONTENT}, ${NODES} server process${NODES > 1 ? `es (Redis adapter at ${REDIS_URL})` : ''}, ${database.label}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const { operators, token } = await withDb(database, setup);

    const summary = [
      await phase(
        database,
        'without pools (every operator gets every service)',
        operators,
        [token],
        ['bench'],
      ),
    ];
    if (POOLS_PHASE && POOL_SERVICES > 0) {
      const pools = await withDb(database, setupPools);
      summary.push(
        await phase(
          database,
          `with pools (${pools.pools} pools of up to ${POOL_SIZE} services, ${POOL_SERVICES} services, half at a higher priority)`,
          operators,
          pools.tokens,
          pools.codes,
        ),
      );
    }
    log('');
    log(
      `summary (items/s):      server   ${summary[0]?.baselines.map((b) => `baseline, ${b.label}`).join('   ')}`,
    );
    for (const { label, server, baselines } of summary) {
      log(
        `  ${label.split(' (')[0]?.padEnd(20)} ${server.itemsPerSecond.toFixed(0).padStart(8)} ${baselines.map((b) => b.itemsPerSecond.toFixed(0).padStart(10)).join(' ')}`,
      );
    }
    const first = summary[0];
    if (first) for (const line of targetLines(first)) log(line);
    log(
      `load average at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const failed = summary.filter(({ audit }) => audit.failures.length > 0);
    if (failed.length > 0) {
      log(`CORRECTNESS FAILURE in: ${failed.map(({ label }) => label).join('; ')}`);
      return false;
    }
    return true;
  } finally {
    await database.dispose();
  }
}

// A watchdog: whatever hangs, the bench ends (and its server children with it).
setTimeout(
  () => {
    process.stderr.write('bench: watchdog expired, giving up\n');
    process.exit(2);
  },
  (POOLS_PHASE ? 2 : 1) * (DEADLINE_MS + 300_000),
).unref();

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
