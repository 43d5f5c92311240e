/**
 * npm run bench:sockets — many signed-in operators on one server process (embedded database).
 *
 * 1. Setup, straight on a fresh embedded database (temp DATA_DIR): schema, the largest count of
 *    operators with ready sessions (no scrypt), one service and its API token.
 * 2. The real server starts as a child process with the event-loop probe preloaded
 *    (support/event-loop-probe.ts: perf_hooks delay percentiles over IPC, and the JS heap after
 *    a full collection) and a raised file limit. Its RSS comes from /proc/<pid>/status.
 * 3. Baseline, in the same run: the idle server (started, nobody connected) over one window.
 *    It is the floor every figure sits on. What a socket costs in memory is read against it;
 *    and since the machine is shared, its event-loop delay is what the other load alone costs
 *    the loop, so a delay at 10,000 sockets is the sockets' own only beyond it.
 * 4. Operators join in steps (BENCH_SOCKETS_SIZES, 1,000 then 5,000 then 10,000), spread over
 *    client worker processes (support/operator-fleet.ts), each on a websocket of its own: it
 *    takes moderation and asks for content every 3 s as the console does, and fetches and
 *    submits what it gets. A service feeds items all along through the ingest API. Polls pause
 *    while a step's operators join. After each step two windows measure the server: every
 *    socket so far connected with polls still paused (what connections alone cost), then all
 *    of them polling (what the console's traffic adds).
 *
 * Exit status: non-zero only when a connection dropped or the protocol failed (a join, an
 * event refused, a submit not stored); the targets (RSS at most 400 MB, event-loop delay p99
 * under 50 ms at 10,000) are printed as met or not, never an exit status.
 *
 * Sizing (environment): BENCH_SOCKETS_SIZES (1000,5000,10000), BENCH_SOCKETS_WORKERS (4 client
 * processes), BENCH_SOCKETS_WINDOW_MS (30000, ten polls per operator), BENCH_SOCKETS_ITEMS_PER_SECOND
 * (20). Everything stays on 127.0.0.1; every wait is bounded and a watchdog ends the run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { syncRolesAndPermissions } from '../server/features/users/role-repository';
import { createSessions, createTestService } from '../tests/support/moderation-fixtures';
import { ingestItems, textItem } from '../tests/support/protocol';
import {
  cpuSecondsOf,
  fileLimitFor,
  pgliteDirOf,
  readProbe,
  resetProbe,
  residentMemoryOf,
  startBenchServer,
  stopBenchServer,
  type BenchServer,
  type ProbeReading,
} from './support/bench-server';
import { OperatorFleet, type OperatorLogin, type OperatorStats } from './support/operator-fleet';

const SIZES = (process.env.BENCH_SOCKETS_SIZES ?? '1000,5000,10000')
  .split(',')
  .map(Number)
  .filter((size) => size > 0)
  .sort((a, b) => a - b);
const LARGEST = SIZES.at(-1) ?? 0;
const WORKERS = Math.max(1, Number(process.env.BENCH_SOCKETS_WORKERS ?? 4));
const WINDOW_MS = Number(process.env.BENCH_SOCKETS_WINDOW_MS ?? 30_000);
const ITEMS_PER_SECOND = Number(process.env.BENCH_SOCKETS_ITEMS_PER_SECOND ?? 20);
/** Sockets connected with their polls paused: what connections alone cost, at each size. */
const CONNECTED_WINDOW_MS = Math.max(5_000, WINDOW_MS / 2);
const MAX_CONTENT = 6;
/** The console's content poll (SPEC: every 3000 ms while below max). */
const REQUEST_INTERVAL_MS = 3_000;
const TARGET_RSS_BYTES = 400 * 1024 * 1024;
const TARGET_DELAY_P99_MS = 50;
/** Joining is bounded too: this long per thousand operators at most. */
const JOIN_MS_PER_THOUSAND = 150_000;

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function setup(db: Database): Promise<{ operators: OperatorLogin[]; token: string }> {
  await migrate(db);
  await syncRolesAndPermissions(db);
  const users = await db.query<{ id: number; username: string }>(
    `insert into users (username, role_id, password_hash, max_content, is_batch_moderator)
     select 'bench_op_' || n, (select id from roles where name = 'operator'), 'no-password', $2, true
       from generate_series(1, $1::int) as n
     returning id, username`,
    [LARGEST, MAX_CONTENT],
  );
  users.sort((a, b) => a.id - b.id);
  const sessions = await createSessions(
    db,
    users.map((user) => user.id),
  );
  const { token } = await createTestService(db, { code: 'bench-sockets' });
  return {
    operators: users.map((user, n) => ({ ...user, session: sessions[n] ?? '' })),
    token,
  };
}

/** A client service sending ITEMS_PER_SECOND items, one request a second, until stopped. */
function startFeeder(baseUrl: string, token: string): { stop(): Promise<number> } {
  let stopped = false;
  let sent = 0;
  const running = (async () => {
    while (!stopped) {
      const started = Date.now();
      const items = Array.from({ length: ITEMS_PER_SECOND }, (_, n) => textItem(sent + n));
      await ingestItems(baseUrl, token, items);
      sent += items.length;
      await sleep(Math.max(0, 1_000 - (Date.now() - started)));
    }
  })();
  // A failed ingest ends the feeder; stop() reports it.
  running.catch(() => undefined);
  return {
    async stop() {
      stopped = true;
      await running;
      return sent;
    },
  };
}

interface Window {
  label: string;
  sockets: number;
  rss: number;
  delay: ProbeReading;
  /** How long the window lasted. */
  seconds: number;
  /** CPU share of one core over the window. */
  serverCpu: number;
  clientCpu: number;
  requestsPerSecond: number;
  submittedPerSecond: number;
  openFiles: number;
  load: number[];
  /** On the first window after a step: how many operators joined, and how long it took. */
  join?: { operators: number; seconds: number };
}

/** Measures the server over one window with whatever is connected now. */
async function measure(
  server: BenchServer,
  label: string,
  sockets: number,
  fleet: OperatorFleet | undefined,
  windowMs: number,
): Promise<Window> {
  const pid = server.child.pid;
  const clientCpu = () =>
    (fleet?.pids ?? []).reduce((total, worker) => total + (cpuSecondsOf(worker) ?? 0), 0);
  const before = {
    server: cpuSecondsOf(pid) ?? 0,
    client: clientCpu(),
    stats: await fleet?.stats(),
    at: Date.now(),
  };
  await resetProbe(server.child);
  await sleep(windowMs);
  const delay = await readProbe(server.child);
  const seconds = (Date.now() - before.at) / 1000;
  const after = await fleet?.stats();
  const perSecond = (field: 'requests' | 'submitted') =>
    ((after?.[field] ?? 0) - (before.stats?.[field] ?? 0)) / seconds;
  return {
    label,
    sockets,
    rss: residentMemoryOf(pid).rss,
    delay,
    seconds,
    serverCpu: ((cpuSecondsOf(pid) ?? 0) - before.server) / seconds,
    clientCpu: (clientCpu() - before.client) / seconds,
    requestsPerSecond: perSecond('requests'),
    submittedPerSecond: perSecond('submitted'),
    openFiles: readdirSync(`/proc/${pid}/fd`).length,
    load: os.loadavg(),
  };
}

function report(windows: Window[], peakRss: number): void {
  const [baseline] = windows;
  if (!baseline) return;
  const heapOf = (window: Window) => window.delay.memory.heapUsed;
  const perSocketKb = (window: Window, bytes: number) =>
    window.sockets > 0 ? (bytes / window.sockets / 1024).toFixed(1) : '-';
  log('');
  log(
    'sockets  state         RSS MB  KB/socket  heap MB  KB/socket  delay p50/p99/max ms  samples  server cpu  clients cpu  polls/s  items/s  load 1m',
  );
  for (const window of windows) {
    log(
      [
        String(window.sockets).padStart(7),
        window.label.padEnd(12),
        mb(window.rss).padStart(7),
        perSocketKb(window, window.rss - baseline.rss).padStart(10),
        mb(heapOf(window)).padStart(8),
        perSocketKb(window, heapOf(window) - heapOf(baseline)).padStart(10),
        `${window.delay.p50Ms.toFixed(1)}/${window.delay.p99Ms.toFixed(1)}/${window.delay.maxMs.toFixed(0)}`.padStart(
          21,
        ),
        String(window.delay.samples).padStart(7),
        `${(window.serverCpu * 100).toFixed(0)} %`.padStart(11),
        `${(window.clientCpu * 100).toFixed(0)} %`.padStart(12),
        window.requestsPerSecond.toFixed(0).padStart(8),
        window.submittedPerSecond.toFixed(1).padStart(8),
        (window.load[0] ?? 0).toFixed(2).padStart(8),
      ].join(' '),
    );
  }
  log(
    `(baseline: the idle server, nobody connected. KB/socket: above the baseline, per socket. heap: the server's JS heap after a full collection. delay: the server's event-loop delay over the window (samples: its 10 ms ticks that came), ${CONNECTED_WINDOW_MS / 1000} s connected, ${WINDOW_MS / 1000} s polling. cpu: % of one core.)`,
  );
  for (const window of windows) {
    if (!window.join) continue;
    const { operators, seconds } = window.join;
    log(
      `  ${window.sockets}: ${operators} joined in ${seconds.toFixed(0)} s (${(operators / seconds).toFixed(0)} a second, polls paused); server open files ${window.openFiles}; external memory ${mb(window.delay.memory.external)} MB (the embedded database's WebAssembly memory in it)`,
    );
  }
  log(
    "  where each window's highest RSS went (MB; V8 heap: committed/used; external: WebAssembly memory and buffers; other: code, stacks, native allocations):",
  );
  for (const window of windows) {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = window.delay.peak;
    log(
      `  ${String(window.sockets).padStart(5)} ${window.label.padEnd(12)} RSS ${mb(rss)} = V8 heap ${mb(heapTotal)}/${mb(heapUsed)} + external ${mb(external)} (array buffers ${mb(arrayBuffers)}) + other ${mb(rss - heapTotal - external)}`,
    );
  }
  log(
    "  garbage collection in each window (the server's pauses, as V8 timed them; major: full mark-sweep-compact):",
  );
  for (const window of windows) {
    const { count, totalMs, maxMs, slowCount, majorCount, majorMaxMs } = window.delay.gc;
    log(
      `  ${String(window.sockets).padStart(5)} ${window.label.padEnd(12)} ${count} pauses, ${totalMs.toFixed(0)} ms in all (${(totalMs / window.seconds / 10).toFixed(1)} % of the window), longest ${maxMs.toFixed(1)} ms, ${slowCount} of 50 ms or more; ${majorCount} major, longest ${majorMaxMs.toFixed(1)} ms`,
    );
  }
  const largest = windows.at(-1);
  if (largest && largest !== baseline) {
    const rssMet = peakRss <= TARGET_RSS_BYTES;
    const delayMet = largest.delay.p99Ms < TARGET_DELAY_P99_MS;
    log(
      `targets at ${largest.sockets} polling: peak RSS ${mb(peakRss)} MB (at most 400, the idle server alone ${mb(baseline.rss)}): ${rssMet ? 'met' : 'NOT met'}; event-loop delay p99 ${largest.delay.p99Ms.toFixed(1)} ms (under ${TARGET_DELAY_P99_MS}; the idle server ${baseline.delay.p99Ms.toFixed(1)}): ${delayMet ? 'met' : 'NOT met'}`,
    );
  }
}

function protocolFailures(stats: OperatorStats, expected: number): string[] {
  const problems: string[] = [];
  if (stats.moderating !== expected) {
    problems.push(`${stats.moderating} of ${expected} operators moderating`);
  }
  if (stats.failedToJoin > 0) problems.push(`${stats.failedToJoin} failed to join`);
  if (stats.dropped > 0) problems.push(`${stats.dropped} connections dropped`);
  if (stats.refused > 0) problems.push(`${stats.refused} events refused`);
  if (stats.submitFailures > 0) problems.push(`${stats.submitFailures} submits failed`);
  return problems;
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-sockets-'));
  try {
    log(
      `sockets bench: ${SIZES.join(', ')} operators on one server process, ${WORKERS} client processes, a poll every ${REQUEST_INTERVAL_MS / 1000} s, ${ITEMS_PER_SECOND} items/s ingested, ${os.cpus().length} cores, embedded PGlite`,
    );
    const setupDb = await openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) });
    const { operators, token } = await setup(setupDb).finally(() => setupDb.close());

    const server = await startBenchServer(
      dataDir,
      { LOG_LEVEL: 'error' },
      // Every socket is a file, and then some for the database and HTTP.
      { probe: true, maxOpenFiles: fileLimitFor(LARGEST + 2_000) },
    );
    let fleet: OperatorFleet | undefined;
    let feeder: { stop(): Promise<number> } | undefined;
    let peakRss = 0;
    try {
      // The server's first seconds (imports, JIT, first queries) are not the idle state.
      await sleep(5_000);
      log('baseline: the idle server...');
      const windows = [await measure(server, 'idle server', 0, undefined, WINDOW_MS)];

      fleet = await OperatorFleet.start(WORKERS, {
        baseUrl: server.baseUrl,
        maxContent: MAX_CONTENT,
        requestIntervalMs: REQUEST_INTERVAL_MS,
        connectConcurrency: 50,
        maxOpenFiles: fileLimitFor(Math.ceil(LARGEST / WORKERS) + 1_000),
      });
      feeder = startFeeder(server.baseUrl, token);
      let joined = 0;
      let stats: OperatorStats | undefined;
      for (const size of SIZES) {
        log(`joining operators ${joined + 1} to ${size}...`);
        // Polls wait while operators join: a join's handshake and moderate-me queue behind the
        // claims in the database, so joining under full polling measures the queue, not joins.
        await fleet.pause();
        const started = Date.now();
        const joining = fleet.join(operators.slice(joined, size));
        const progress = setInterval(() => {
          void fleet?.stats().then((now) => log(`  ${now.moderating} moderating`));
        }, 10_000);
        // Past the bound below, nobody waits for it any more.
        joining.catch(() => undefined).finally(() => clearInterval(progress));
        const bound = JOIN_MS_PER_THOUSAND * Math.ceil((size - joined) / 1000);
        stats = await Promise.race([
          joining,
          sleep(bound).then(() => {
            throw new Error(
              `operators ${joined + 1} to ${size} did not join within ${bound / 1000} s`,
            );
          }),
        ]);
        const join = { operators: size - joined, seconds: (Date.now() - started) / 1000 };
        joined = size;
        const problems = protocolFailures(stats, size);
        if (problems.length > 0) {
          log(`protocol failures after joining: ${problems.join(', ')}`);
          for (const failure of stats.failures) log(`  ${failure}`);
          return 1;
        }
        log(`measuring ${size} operators connected, polls paused...`);
        windows.push({
          ...(await measure(server, 'connected', size, fleet, CONNECTED_WINDOW_MS)),
          join,
        });
        await fleet.resume();
        log(`measuring ${size} operators polling...`);
        // Resumed operators take up their polls spread over one interval: the window starts after.
        await sleep(REQUEST_INTERVAL_MS);
        windows.push(await measure(server, 'polling', size, fleet, WINDOW_MS));
        peakRss = Math.max(peakRss, residentMemoryOf(server.child.pid).peak);
      }
      const ingested = await feeder.stop();
      feeder = undefined;
      stats = await fleet.stats();
      report(windows, peakRss);
      log(
        `operators: ${stats.moderating} moderating, ${stats.requests} requests for content, ${stats.answered} answered with items, ${stats.submitted} of ${ingested} ingested items submitted`,
      );
      const problems = protocolFailures(stats, joined);
      if (problems.length > 0) {
        log(`protocol failures: ${problems.join(', ')}`);
        for (const failure of stats.failures) log(`  ${failure}`);
        return 1;
      }
      return 0;
    } finally {
      await feeder?.stop().catch(() => undefined);
      await fleet?.stop().catch(() => undefined);
      await stopBenchServer(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A watchdog: whatever hangs, the bench ends (its server and client processes with it).
setTimeout(
  () => {
    process.stderr.write('bench: watchdog expired, giving up\n');
    process.exit(2);
  },
  60_000 +
    (SIZES.length + 1) * (WINDOW_MS + 30_000) +
    JOIN_MS_PER_THOUSAND * Math.ceil(LARGEST / 1000),
).unref();

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
