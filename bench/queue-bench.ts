/**
 * npm run bench:queue — the live-moderation queue end to end, against the real server.
 *
 * 1. Setup, straight on a fresh embedded database (temp DATA_DIR): schema, N operators with ready
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
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { IngestItem, ModeratedResult } from '../src/contract/content';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { claimContents, storeSubmissions } from '../server/features/moderation/content-repository';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { createSessions, createTestService } from '../tests/support/moderation-fixtures';
import {
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
import { pgliteDirOf, startBenchServer, stopBenchServer } from './support/bench-server';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 1000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 15000);
const BASELINE_ITEMS = Number(process.env.BENCH_BASELINE_ITEMS ?? 6000);
const MODE = process.env.BENCH_MODE === 'single' ? 'single' : 'batch';
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

/**
 * CPU seconds a process has used (Linux /proc; undefined elsewhere). Bench and server share the
 * machine's cores, so the report says how much of it the simulated operators took.
 */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function setup(db: Database): Promise<{ operators: Operator[]; token: string }> {
  await migrate(db);
  await syncRolesAndPermissions(db);
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

/** `count` items, spread round-robin over the services of `tokens`. */
async function ingestPool(baseUrl: string, tokens: string[], count: number): Promise<void> {
  await Promise.all(
    tokens.map((token, index) =>
      ingestItemsOf(
        baseUrl,
        token,
        Math.floor(count / tokens.length) + (index < count % tokens.length ? 1 : 0),
        // Four requests in flight in all, as a busy client service would send.
        Math.max(1, Math.round(4 / tokens.length)),
      ),
    ),
  );
}

async function ingestItemsOf(
  baseUrl: string,
  token: string,
  count: number,
  parallel: number,
): Promise<void> {
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
  await ingestItems(baseUrl, token, items, {
    parallel,
    client: serviceClient(baseUrl, token, { fetch: request }),
  });
}

interface RunStats {
  /** Operators the server never let moderate before the deadline. */
  notModerating: number;
  stored: number;
  otherOutcomes: number;
  submitLatencies: number[];
  /** From asking for content (again) until new items were assigned: what an idle operator waits. */
  assignLatencies: number[];
  firstAt: number;
  lastAt: number;
  /** CPU seconds used while the operators ran. */
  serverCpu: number | undefined;
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

  const done = new Set<number>();
  let askedAt = performance.now();
  try {
    while (Date.now() < deadline) {
      // Unanswered, the console asks again after its poll interval (SPEC: every 3 s while below
      // max content).
      const ids = await requestContent(socket, operator.id, MAX_CONTENT, {
        timeoutMs: REQUEST_CONTENT_INTERVAL_MS,
      }).catch(() => []);
      const fresh = ids.filter((id) => !done.has(id));
      if (fresh.length === 0) {
        if (queueEmpty()) return;
        continue;
      }
      stats.assignLatencies.push(performance.now() - askedAt);
      const items = await fetchContents(client, fresh);
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
        if (group.length === 0) continue;
        const started = performance.now();
        const response = await submitResults(client, group);
        stats.submitLatencies.push(performance.now() - started);
        for (const item of response.body.data ?? []) {
          if (item.status === 'stored') stats.stored += 1;
          else stats.otherOutcomes += 1;
        }
        stats.lastAt = performance.now();
      }
      for (const item of items) done.add(item.id);
      askedAt = performance.now();
    }
  } finally {
    socket.close();
  }
}

interface PhaseResult {
  itemsPerSecond: number;
  p50: number;
  p99: number;
  assignP50: number;
  assignP99: number;
  stats: RunStats;
}

async function runServerPhase(
  dataDir: string,
  operators: Operator[],
  tokens: string[],
): Promise<PhaseResult> {
  const { child, baseUrl } = await startBenchServer(dataDir, { LEASE_GRACE_SECONDS: '60' });
  try {
    const ingestStarted = performance.now();
    await ingestPool(baseUrl, tokens, ITEMS);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    log(
      `ingest: ${ITEMS} items through POST /api/v1/contents in ${ingestSeconds.toFixed(1)} s (${Math.round(ITEMS / ingestSeconds)} items/s)`,
    );

    const stats: RunStats = {
      notModerating: 0,
      stored: 0,
      otherOutcomes: 0,
      submitLatencies: [],
      assignLatencies: [],
      firstAt: 0,
      lastAt: 0,
      serverCpu: undefined,
      benchCpu: 0,
      cpuWallSeconds: 0,
    };
    const deadline = Date.now() + DEADLINE_MS;
    const queueEmpty = () => stats.stored + stats.otherOutcomes >= ITEMS;
    log(`operators: connecting ${operators.length} over sockets and HTTP...`);
    stats.firstAt = performance.now();
    const serverCpuBefore = cpuSecondsOf(child.pid);
    const benchCpuBefore = process.cpuUsage();
    // Operators arrive 100 at a time, as a shift starting, not as one burst of handshakes.
    const runs: Promise<void>[] = [];
    for (const [n, operator] of operators.entries()) {
      if (n > 0 && n % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      runs.push(runOperator(baseUrl, operator, stats, deadline, queueEmpty));
    }
    await Promise.all(runs);
    const serverCpuAfter = cpuSecondsOf(child.pid);
    if (serverCpuBefore !== undefined && serverCpuAfter !== undefined) {
      stats.serverCpu = serverCpuAfter - serverCpuBefore;
    }
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
    };
  } finally {
    await stopBenchServer(child);
  }
}

/** The same claim-and-store SQL, straight on the database, one operator after another. */
async function runBaseline(
  db: Database,
  operators: Operator[],
  serviceCodes: string[],
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
  let emptyClaims = 0;
  const started = performance.now();
  for (let round = 0; stored < BASELINE_ITEMS && round < 10_000 + BASELINE_ITEMS; round += 1) {
    const operator = operators[round % operators.length];
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
      if (emptyClaims >= operators.length) break;
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
  return stored / ((performance.now() - started) / 1000);
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

function report(label: string, server: PhaseResult, baseline: number): void {
  log('');
  log(`${label}, server end to end (sockets + HTTP):`);
  log(
    `  items moderated: ${server.stats.stored} of ${ITEMS} stored, ${server.stats.otherOutcomes} other outcomes, ${server.stats.notModerating} operators never moderating`,
  );
  log(`  throughput:      ${server.itemsPerSecond.toFixed(0)} items/s`);
  log(
    `  submit latency:  p50 ${server.p50.toFixed(1)} ms, p99 ${server.p99.toFixed(1)} ms (${server.stats.submitLatencies.length} submits)`,
  );
  log(
    `  wait for items:  p50 ${server.assignP50.toFixed(0)} ms, p99 ${server.assignP99.toFixed(0)} ms (ask to set-content; claims yield to submits under load)`,
  );
  log(
    `  cpu while operators ran (${server.stats.cpuWallSeconds.toFixed(1)} s): server ${server.stats.serverCpu?.toFixed(1) ?? '?'} s, bench client (${OPERATORS} simulated operators) ${server.stats.benchCpu.toFixed(1)} s`,
  );
  log(`${label}, baseline: the same claim-and-store SQL straight on the database:`);
  log(`  throughput:      ${baseline.toFixed(0)} items/s`);
  log(`  ratio server / baseline: ${(server.itemsPerSecond / baseline).toFixed(2)}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-queue-'));
  const pgliteDir = pgliteDirOf(dataDir);
  try {
    log(
      `queue bench: ${OPERATORS} operators, ${ITEMS} items, ${MODE} submits, max_content ${MAX_CONTENT}, ${os.cpus().length} cores, embedded PGlite`,
    );
    const setupDb = await openPgliteDatabase({ dataDir: pgliteDir });
    const { operators, token } = await setup(setupDb).finally(() => setupDb.close());

    const server = await runServerPhase(dataDir, operators, [token]);
    const db = await openPgliteDatabase({ dataDir: pgliteDir });
    const baseline = await runBaseline(db, operators, ['bench']).finally(() => db.close());
    report('without pools (every operator gets every service)', server, baseline);

    const summary: [string, PhaseResult, number][] = [['without pools', server, baseline]];
    if (POOLS_PHASE && POOL_SERVICES > 0) {
      const poolsDb = await openPgliteDatabase({ dataDir: pgliteDir });
      const pools = await setupPools(poolsDb).finally(() => poolsDb.close());
      const pooled = await runServerPhase(dataDir, operators, pools.tokens);
      const pooledDb = await openPgliteDatabase({ dataDir: pgliteDir });
      const pooledBaseline = await runBaseline(pooledDb, operators, pools.codes).finally(() =>
        pooledDb.close(),
      );
      report(
        `with pools (${pools.pools} pools of up to ${POOL_SIZE} services, ${POOL_SERVICES} services, half at a higher priority)`,
        pooled,
        pooledBaseline,
      );
      summary.push(['with pools', pooled, pooledBaseline]);
    }
    log('');
    log('summary (items/s):      server   baseline');
    for (const [label, result, sql] of summary) {
      log(
        `  ${label.padEnd(20)} ${result.itemsPerSecond.toFixed(0).padStart(8)} ${sql.toFixed(0).padStart(10)}`,
      );
    }
    const met = server.itemsPerSecond >= 500 && server.p99 < 100;
    log(`target without pools (>= 500 items/s, p99 submit < 100 ms): ${met ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A watchdog: whatever hangs, the bench ends (and its server child with it).
setTimeout(
  () => {
    process.stderr.write('bench: watchdog expired, giving up\n');
    process.exit(2);
  },
  (POOLS_PHASE ? 2 : 1) * (DEADLINE_MS + 120_000),
).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
