/**
 * npm run bench:history — the history, AI review and report screens' calls on a big history,
 * against the real server, beside the same calls without their indexes.
 *
 * Per engine (embedded PGlite by default; BENCH_DB=postgres or both):
 * 1. Seed, straight into a fresh database (bench/history/seed-history.ts): BENCH_DECISIONS
 *    decisions over 90 days, 20 services, 200 operators, with everything they leave behind; and
 *    an administrator with a ready session (no scrypt), two-factor set up as their role requires.
 * 2. The real server starts as a child process on it; every call goes over HTTP on loopback with
 *    the session cookie and X-Requested-With, as the console sends it. Each call: warm-up, then
 *    BENCH_RUNS timed runs, p50 and p95. Page 500 of the history is reached by following
 *    next_cursor 499 times (untimed), then its `after` call is timed. The CSV export streams
 *    ~100,000 rows, counted as they arrive, while the server's RSS is sampled every 100 ms.
 * 3. Baseline in the same run: the server stops, the indexes created by the screens' migrations
 *    (046 to 049, read from the files) are dropped, the server starts again and the same calls
 *    are timed. A report that reads a rollup table has the feature's raw-rows implementation as
 *    its baseline, timed straight on the database (bench/history/baseline.ts), as the table says.
 *    A baseline run that exceeds BENCH_TIMEOUT_MS is stopped (the server restarts) and shows
 *    '>30 s'; a slow baseline stops once BENCH_BASELINE_BUDGET_MS of runs is spent (a warm-up
 *    over 2 s counts as a run), so the table shows how many runs it had.
 * Printed: one table per engine (call, answer, p50, p95, baseline p95, ratio, target, met?),
 * the seed time and the server's CPU and RSS. A call the server answers with its unknown-route
 * 404 shows 'not available' rather than failing the run.
 *
 * Environment: BENCH_DECISIONS (1000000), BENCH_RUNS (20), BENCH_DB (pglite | postgres | both),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: the server that gets a database
 * of its own, dropped at the end), BENCH_CSV_RUNS (3), BENCH_TIMEOUT_MS (30000),
 * BENCH_BASELINE_BUDGET_MS (10000), BENCH_SEED (1), BENCH_ONLY (parts of call ids: run only
 * those calls), BENCH_BASELINE=0 (no baseline pass: for trying a change, not for the figures).
 *
 * BENCH_DATA_DIR keeps the seeded database for the next run instead of seeding again (seeding a
 * million decisions takes minutes): the embedded database lives in that folder and PostgreSQL's
 * in a database named after it; what the seed answered is kept in `seeded.json` there. The
 * baseline's dropped indexes are created again at the end, so the kept database stays whole.
 * Delete the folder (and drop the database) to seed afresh, e.g. after changing the seed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { openPostgresDatabase } from '../server/db/postgres-database';
import { createSessions } from '../tests/support/moderation-fixtures';
import { sessionClient } from '../tests/support/protocol';
import { DIRECT_BASELINES, dropIndexes, screenIndexes } from './history/baseline';
import { benchCalls, type BenchCall } from './history/calls';
import {
  cpuSecondsOf,
  getJson,
  percentile,
  rssMbOf,
  timeCall,
  timeCsv,
  type CallOutcome,
  type CsvTiming,
  type HttpSession,
} from './history/measure';
import { seedHistory, type SeededHistory } from './history/seed-history';
import {
  adminQuery,
  createScratchDatabase,
  postgresAnswers,
  withDatabase,
} from './support/bench-databases';
import {
  pgliteDirOf,
  startBenchServer,
  stopBenchServer,
  type BenchServer,
} from './support/bench-server';

type Engine = 'pglite' | 'postgres';

const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 1_000_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 20));
const CSV_RUNS = Math.max(1, Number(process.env.BENCH_CSV_RUNS ?? 3));
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const BASELINE_BUDGET_MS = Number(process.env.BENCH_BASELINE_BUDGET_MS ?? 10_000);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Whatever happens, one engine's run ends after this. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 25 * 60_000);

function log(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function formatMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return '-';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

// ---------------------------------------------------------------------------------------------
// Engines

interface EngineDatabase {
  engine: Engine;
  dataDir: string;
  /** Kept for the next run (BENCH_DATA_DIR): seeded once, never disposed of. */
  kept: boolean;
  /** Environment that points the server at it. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Ends the server's statements still running (after the server was killed mid-call). */
  cancelStatements(): Promise<void>;
  dispose(): Promise<void>;
}

const KEPT_DIR = process.env.BENCH_DATA_DIR;
/** BENCH_ONLY: comma-separated parts of call ids; only the calls whose id holds one run. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((part) => part !== '');

async function engineDatabase(engine: Engine, adminUrl: string): Promise<EngineDatabase> {
  if (KEPT_DIR) return keptDatabase(engine, adminUrl, path.resolve(KEPT_DIR, engine));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mc-bench-history-'));
  if (engine === 'pglite') {
    return {
      engine,
      dataDir,
      kept: false,
      env: {},
      open: () => openPgliteDatabase({ dataDir: pgliteDirOf(dataDir) }),
      cancelStatements: async () => undefined,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createScratchDatabase(adminUrl, 'bench_history');
  return {
    engine,
    dataDir,
    kept: false,
    env: { DATABASE_URL: database.url },
    open: async () => openPostgresDatabase(database.url, { poolSize: 4 }),
    cancelStatements: () =>
      adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = '${database.name}' and pid <> pg_backend_pid()`,
      ),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/** BENCH_DATA_DIR: the engine's database in `dir` (PostgreSQL: a database named after it). */
async function keptDatabase(
  engine: Engine,
  adminUrl: string,
  dir: string,
): Promise<EngineDatabase> {
  mkdirSync(dir, { recursive: true });
  if (engine === 'pglite') {
    return {
      engine,
      dataDir: dir,
      kept: true,
      env: {},
      open: () => openPgliteDatabase({ dataDir: pgliteDirOf(dir) }),
      cancelStatements: async () => undefined,
      dispose: async () => undefined,
    };
  }
  const name = `bench_history_kept_${path.basename(path.dirname(dir)).replace(/\W/g, '_')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (!existsSync(path.join(dir, SEEDED_FILE))) {
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    await adminQuery(adminUrl, `create database "${name}"`);
  }
  return {
    engine,
    dataDir: dir,
    kept: true,
    env: { DATABASE_URL: url.toString() },
    open: async () => openPostgresDatabase(url.toString(), { poolSize: 4 }),
    cancelStatements: () =>
      adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = '${name}' and pid <> pg_backend_pid()`,
      ),
    dispose: async () => undefined,
  };
}

const SEEDED_FILE = 'seeded.json';

/** What a kept database's seed answered, or undefined when it was not seeded (completely). */
function readSeeded(database: EngineDatabase): SeededHistory | undefined {
  const file = path.join(database.dataDir, SEEDED_FILE);
  if (!database.kept || !existsSync(file)) return undefined;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SeededHistory;
  if (saved.decisions !== DECISIONS) {
    throw new Error(
      `${database.dataDir} holds ${saved.decisions} decisions, not ${DECISIONS}: delete it to seed again`,
    );
  }
  return {
    ...saved,
    from: new Date(saved.from),
    to: new Date(saved.to),
    lastDecidedAt: new Date(saved.lastDecidedAt),
  };
}

/** An administrator with a ready session; two-factor is set up, as the admin role requires. */
async function createAdminSession(db: Database): Promise<string> {
  // A kept database has the administrator already: a new session for them.
  const [existing] = await db.query<{ id: number }>(
    "select id from users where username = 'bench_admin'",
  );
  const [admin] = existing
    ? [existing]
    : await db.query<{ id: number }>(
        `insert into users (username, email, role_id, password_hash)
         values ('bench_admin', 'bench_admin@example.com',
                 (select id from roles where name = 'admin'), 'no-password')
         returning id`,
      );
  if (!admin) throw new Error('the administrator was not created');
  if (!existing) {
    await db.query(
      `insert into user_two_factor (user_id, secret, confirmed_at)
       values ($1, $2, now())`,
      [admin.id, randomBytes(20).toString('hex')],
    );
  }
  const [session = ''] = await createSessions(db, [admin.id]);
  return session;
}

// ---------------------------------------------------------------------------------------------
// Server

/** The server child, restarted when a call had to be cut off. */
class ServerControl {
  private server: BenchServer | undefined;

  constructor(
    private readonly database: EngineDatabase,
    private readonly sessionId: string,
  ) {}

  async start(): Promise<void> {
    this.server = await startBenchServer(this.database.dataDir, this.database.env);
    // A permission-guarded list of main: a 404 later then means a missing screen, not a session
    // the server refused.
    const check = await getJson(this.session, '/api/login-history?per_page=10', 30_000);
    if (check.kind !== 'ok') {
      throw new Error(`the administrator's session does not work: ${JSON.stringify(check)}`);
    }
  }

  async stop(): Promise<void> {
    if (this.server) await stopBenchServer(this.server.child);
    this.server = undefined;
  }

  /** After a cut-off call: the server may still be running its statement, so it goes. */
  async restart(): Promise<void> {
    const child = this.server?.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await this.database.cancelStatements();
    await this.start();
  }

  get pid(): number | undefined {
    return this.server?.child.pid;
  }

  get session(): HttpSession {
    const baseUrl = this.server?.baseUrl ?? '';
    return { baseUrl, cookie: sessionClient(baseUrl, this.sessionId).cookieHeader() };
  }
}

// ---------------------------------------------------------------------------------------------
// Passes

interface Measured {
  status: 'ok' | 'not available' | 'failed' | 'timeout' | 'skipped';
  detail?: string;
  samples: number[];
  /** What the answer held: rows of a list, or its size. */
  answer?: string;
  csv?: CsvTiming[];
  /** Timed straight on the database, not over HTTP: what was timed. */
  direct?: string;
}

interface PassResult {
  results: Map<string, Measured>;
  /** Page 500's cursor, found in the first pass and reused by the baseline. */
  page500Cursor?: string;
  serverCpuSeconds?: number;
  rssStartMb?: number;
  rssEndMb?: number;
  seconds: number;
}

function describeAnswer(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const {
    data,
    total,
    total_capped: capped,
  } = body as {
    data?: unknown;
    total?: unknown;
    total_capped?: unknown;
  };
  if (Array.isArray(data) && typeof total === 'number') {
    return `${data.length} of ${total.toLocaleString('en')}${capped ? '+' : ''}`;
  }
  if (Array.isArray(data)) return `${data.length} rows`;
  return `${(JSON.stringify(body).length / 1024).toFixed(1)} KB`;
}

function fromOutcome(outcome: CallOutcome, samples: number[]): Measured {
  switch (outcome.kind) {
    case 'ok':
      return { status: 'ok', samples };
    case 'missing':
      return { status: 'not available', samples: [] };
    case 'failed':
      return { status: 'failed', detail: `${outcome.status}: ${outcome.message}`, samples };
    case 'timeout':
      return { status: 'timeout', samples };
  }
}

/** Follows next_cursor from the first page to page 500; answers its cursor. */
async function cursorOfPage500(
  session: HttpSession,
  firstPage: string,
): Promise<{ cursor?: string; outcome: CallOutcome; pages: number }> {
  let cursor: string | undefined;
  for (let page = 1; page < 500; page += 1) {
    const path = cursor ? `${firstPage}&after=${encodeURIComponent(cursor)}` : firstPage;
    const outcome = await getJson(session, path, TIMEOUT_MS);
    if (outcome.kind !== 'ok') return { outcome, pages: page };
    const next = (outcome.body as { next_cursor?: unknown }).next_cursor;
    if (typeof next !== 'string') {
      return {
        outcome: {
          kind: 'failed',
          status: 200,
          message: `the history has only ${page} pages of 50 here`,
        },
        pages: page,
      };
    }
    cursor = next;
  }
  return { cursor, outcome: { kind: 'ok', ms: 0, body: undefined }, pages: 500 };
}

async function runPass(
  label: string,
  server: ServerControl,
  calls: BenchCall[],
  options: { baseline: boolean; page500Cursor?: string; skip: Set<string> },
): Promise<PassResult> {
  const started = performance.now();
  const results = new Map<string, Measured>();
  const cpu = new CpuMeter(server);
  const rssStartMb = rssMbOf(server.pid);
  let page500Cursor = options.page500Cursor;
  const timing = options.baseline
    ? { runs: RUNS, warmups: 1, timeoutMs: TIMEOUT_MS, budgetMs: BASELINE_BUDGET_MS, slowMs: 2_000 }
    : { runs: RUNS, warmups: 2, timeoutMs: TIMEOUT_MS, budgetMs: Infinity, slowMs: Infinity };
  log(`${label}:`);
  for (const call of calls) {
    if (options.skip.has(call.id)) continue;
    let measured: Measured;
    if (call.kind === 'csv') {
      const runs: CsvTiming[] = [];
      let last: CallOutcome = { kind: 'missing' };
      for (let n = 0; n < CSV_RUNS; n += 1) {
        const run = await timeCsv(server.session, call.path, server.pid, TIMEOUT_MS);
        last = run.outcome;
        if (run.outcome.kind !== 'ok') break;
        runs.push(run);
        if (options.baseline && run.seconds * 1000 > BASELINE_BUDGET_MS) break;
      }
      measured = {
        ...fromOutcome(
          last,
          runs.map((run) => run.seconds * 1000).sort((a, b) => a - b),
        ),
        csv: runs,
        answer: runs[0] ? `${runs[0].rows.toLocaleString('en')} rows` : undefined,
      };
    } else {
      let path = call.path;
      if (call.kind === 'page500') {
        if (!page500Cursor) {
          log('  (following next_cursor to page 500, untimed...)');
          const walk = await cursorOfPage500(server.session, call.path);
          page500Cursor = walk.cursor;
          if (!page500Cursor) {
            measured = fromOutcome(walk.outcome, []);
            results.set(call.id, measured);
            log(
              `  ${call.id}: ${measured.status}${measured.detail ? ` (${measured.detail})` : ''}`,
            );
            if (walk.outcome.kind === 'timeout') await cpu.restart();
            continue;
          }
        }
        path = `${call.path}&after=${encodeURIComponent(page500Cursor)}`;
      }
      const timed = await timeCall(server.session, path, timing);
      measured = {
        ...fromOutcome(timed.outcome, timed.samples),
        answer: describeAnswer(timed.body),
      };
      if (timed.outcome.kind === 'timeout' && timed.samples.length > 0) measured.status = 'timeout';
    }
    if (measured.status === 'timeout') await cpu.restart();
    results.set(call.id, measured);
    const sorted = measured.samples;
    log(
      `  ${call.id}: ${
        measured.status === 'ok'
          ? `p50 ${formatMs(percentile(sorted, 50))}, p95 ${formatMs(percentile(sorted, 95))} (${sorted.length} runs)`
          : measured.status === 'timeout'
            ? `stopped after ${formatMs(TIMEOUT_MS)}`
            : `${measured.status}${measured.detail ? ` (${measured.detail})` : ''}`
      }`,
    );
  }
  return {
    results,
    page500Cursor,
    serverCpuSeconds: cpu.seconds(),
    rssStartMb,
    rssEndMb: rssMbOf(server.pid),
    seconds: (performance.now() - started) / 1000,
  };
}

/** CPU seconds the server used during a pass, across restarts (each a new process). */
class CpuMeter {
  private used = 0;
  private start: number | undefined;

  constructor(private readonly server: ServerControl) {
    this.start = cpuSecondsOf(server.pid);
  }

  private settle(): void {
    const now = cpuSecondsOf(this.server.pid);
    if (now !== undefined && this.start !== undefined) this.used += now - this.start;
  }

  /** Restarts the server after a cut-off call: it may still be running the statement. */
  async restart(): Promise<void> {
    log('  (restarting the server to stop the cut-off statement)');
    this.settle();
    await this.server.restart();
    this.start = cpuSecondsOf(this.server.pid);
  }

  seconds(): number | undefined {
    if (this.start === undefined) return undefined;
    this.settle();
    this.start = cpuSecondsOf(this.server.pid);
    return this.used;
  }
}

/** The raw-rows baselines of rollup-backed calls, straight on the database. */
async function runDirectBaselines(
  db: Database,
  seeded: SeededHistory,
  calls: BenchCall[],
): Promise<Map<string, Measured>> {
  const results = new Map<string, Measured>();
  for (const entry of DIRECT_BASELINES) {
    if (!calls.some((call) => call.id === entry.call)) continue;
    const samples: number[] = [];
    let spent = 0;
    // As over HTTP: one warm-up, which counts when slow; a run on the embedded database cannot
    // be interrupted, so the budget is checked between runs.
    for (let n = 0; n <= RUNS && spent <= BASELINE_BUDGET_MS; n += 1) {
      const started = performance.now();
      await entry.run(db, seeded);
      const ms = performance.now() - started;
      if (n > 0 || ms > 2_000) {
        samples.push(ms);
        spent += ms;
      }
      if (samples.length >= RUNS) break;
    }
    samples.sort((a, b) => a - b);
    results.set(entry.call, { status: 'ok', samples, direct: entry.what });
    log(
      `  ${entry.call} (${entry.what}, direct): p95 ${formatMs(percentile(samples, 95))} (${samples.length} runs)`,
    );
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Report

interface EngineReport {
  engine: Engine;
  seeded: SeededHistory;
  indexed: PassResult;
  baseline: Map<string, Measured>;
  baselineSeconds: number;
  droppedIndexes: string[];
}

function csvFigures(measured: Measured | undefined) {
  const runs = measured?.csv ?? [];
  if (runs.length === 0) return undefined;
  const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor((seconds.length - 1) / 2)] ?? NaN;
  const rows = runs[0]?.rows ?? 0;
  const growth = Math.max(...runs.map((run) => (run.rssPeakMb ?? 0) - (run.rssBeforeMb ?? 0)));
  return {
    rows,
    rowsPerSecond: rows / median,
    growth,
    before: runs[0]?.rssBeforeMb,
    peak: Math.max(...runs.map((run) => run.rssPeakMb ?? 0)),
    after: runs.at(-1)?.rssAfterMb,
  };
}

function p95Of(measured: Measured | undefined): number | undefined {
  if (!measured || measured.samples.length === 0) return undefined;
  return percentile(measured.samples, 95);
}

function cell(measured: Measured | undefined, value: () => string): string {
  if (!measured) return '-';
  if (measured.status === 'ok') return value();
  if (measured.status === 'timeout') return `>${formatMs(TIMEOUT_MS)}`;
  return measured.status;
}

function printTable(report: EngineReport, calls: BenchCall[]): void {
  const header = ['call', 'answer', 'p50', 'p95', 'baseline p95', 'ratio', 'target', 'met?'];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const call of calls) {
    const measured = report.indexed.results.get(call.id);
    const base = report.baseline.get(call.id);
    const p95 = p95Of(measured);
    const baseP95 = p95Of(base);
    const label = `${call.screen}: ${call.id}`;
    if (!measured || measured.status !== 'ok') {
      rows.push([label, '', cell(measured, () => ''), '', '', '', targetText(call), '']);
      if (measured?.detail) notes.push(`${label}: ${measured.detail}`);
      continue;
    }
    let met: boolean;
    let target = targetText(call);
    if (call.target.kind === 'csv') {
      const figures = csvFigures(measured);
      met =
        figures !== undefined &&
        figures.rowsPerSecond >= call.target.rowsPerSecond &&
        figures.growth < call.target.rssGrowthMb;
      if (figures) {
        const baseFigures = csvFigures(base);
        notes.push(
          `${label}: ${figures.rows.toLocaleString('en')} rows at ${Math.round(figures.rowsPerSecond).toLocaleString('en')} rows/s (median of ${measured.csv?.length} runs); server RSS before ${figures.before?.toFixed(0)} MB, peak ${figures.peak.toFixed(0)} MB (+${figures.growth.toFixed(0)} MB), after ${figures.after?.toFixed(0)} MB` +
            (baseFigures
              ? `; baseline ${Math.round(baseFigures.rowsPerSecond).toLocaleString('en')} rows/s`
              : ''),
        );
        target = `${target} (${Math.round(figures.rowsPerSecond / 1000)}k/s, +${figures.growth.toFixed(0)} MB)`;
      }
    } else {
      met = p95 !== undefined && p95 <= call.target.ms;
    }
    const ratio =
      base?.status === 'timeout' && p95
        ? `>${Math.round(TIMEOUT_MS / p95)}x`
        : baseP95 !== undefined && p95
          ? `${(baseP95 / p95).toFixed(1)}x`
          : '-';
    rows.push([
      label,
      measured.answer ?? '',
      formatMs(percentile(measured.samples, 50)),
      formatMs(p95),
      cell(
        base,
        () =>
          `${formatMs(baseP95)}${base?.direct ? ` (${base.direct}, direct)` : ''}${(base?.samples.length ?? 0) < RUNS ? ` n=${base?.samples.length}` : ''}`,
      ),
      ratio,
      target,
      met ? 'yes' : 'NO',
    ]);
  }
  const widths = header.map((title, n) =>
    Math.max(title.length, ...rows.map((row) => (row[n] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((text, n) => text.padEnd(widths[n] ?? 0))
      .join('  ')
      .trimEnd();
  log();
  log(
    `bench:history on ${report.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${report.seeded.decisions.toLocaleString('en')} decisions, ${os.cpus().length} cores, ${RUNS} runs per call`,
  );
  log(line(header));
  log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) log(line(row));
  for (const note of notes) log(`  ${note}`);
  const { indexed } = report;
  log(
    `  seed: ${report.seeded.seconds.toFixed(0)} s; timed pass ${indexed.seconds.toFixed(0)} s, server CPU ${indexed.serverCpuSeconds?.toFixed(1) ?? '?'} s, RSS ${indexed.rssStartMb?.toFixed(0) ?? '?'} -> ${indexed.rssEndMb?.toFixed(0) ?? '?'} MB; baseline pass ${report.baselineSeconds.toFixed(0)} s`,
  );
  log(
    `  baseline: the same calls after dropping ${report.droppedIndexes.length} indexes of the screens' migrations (${report.droppedIndexes.join(', ') || 'none in this build'}); "n=" marks a baseline stopped early (slow), "(..., direct)" a rollup-backed call's raw implementation timed straight on the database`,
  );
  if (calls.some((call) => call.target.kind === 'p95' && !call.target.stated)) {
    log("  targets marked * are not stated by the issue: the list's and report's apply");
  }
}

function targetText(call: BenchCall): string {
  if (call.target.kind === 'csv') {
    return `>= ${(call.target.rowsPerSecond / 1000).toFixed(0)}k rows/s, RSS +<${call.target.rssGrowthMb} MB`;
  }
  return `p95 <= ${formatMs(call.target.ms)}${call.target.stated ? '' : '*'}`;
}

// ---------------------------------------------------------------------------------------------
// Main

async function runEngine(engine: Engine, adminUrl: string): Promise<EngineReport | undefined> {
  const database = await engineDatabase(engine, adminUrl);
  try {
    const kept = readSeeded(database);
    log(
      kept
        ? `${engine}: reusing the database seeded in ${database.dataDir}`
        : `${engine}: seeding ${DECISIONS.toLocaleString('en')} decisions...`,
    );
    const { seeded, sessionId } = await withDatabase(database, async (db) => {
      const seeded =
        kept ??
        (await seedHistory(db, {
          decisions: DECISIONS,
          seed: SEED,
          log: (line) => log(`  ${line}`),
        }));
      if (database.kept && !kept) {
        writeFileSync(path.join(database.dataDir, SEEDED_FILE), JSON.stringify(seeded));
      }
      return { seeded, sessionId: await createAdminSession(db) };
    });
    const calls = benchCalls(seeded).filter(
      (call) => ONLY.length === 0 || ONLY.some((part) => call.id.includes(part)),
    );
    const server = new ServerControl(database, sessionId);
    await server.start();
    let indexed: PassResult;
    try {
      indexed = await runPass('timed pass (indexes of the migrations)', server, calls, {
        baseline: false,
        skip: new Set(),
      });
    } finally {
      await server.stop();
    }

    if (process.env.BENCH_BASELINE === '0') {
      printTable(
        { engine, seeded, indexed, baseline: new Map(), baselineSeconds: 0, droppedIndexes: [] },
        calls,
      );
      return undefined;
    }
    const baselineStarted = performance.now();
    const indexes = screenIndexes().flatMap((file) => file.indexes);
    log(`baseline: stopping the server, dropping ${indexes.length} indexes...`);
    const { direct, dropped } = await withDatabase(database, async (db) => ({
      direct: await runDirectBaselines(db, seeded, calls),
      dropped: await dropIndexes(db, indexes),
    }));
    // Dropped before anything can fail, so a kept database gets its indexes back whatever happens.
    const restoreIndexes = async () => {
      if (!database.kept || dropped.length === 0) return;
      log(`creating the ${dropped.length} indexes again (kept database)...`);
      await withDatabase(database, async (db) => {
        for (const index of dropped) await db.query(index.definition);
      });
    };
    // Only what ran in the timed pass is worth a baseline; direct baselines replace the call.
    const skip = new Set(
      calls
        .filter((call) => indexed.results.get(call.id)?.status !== 'ok' || direct.has(call.id))
        .map((call) => call.id),
    );
    await server.start();
    let baselinePass: PassResult;
    try {
      baselinePass = await runPass('baseline pass (without those indexes)', server, calls, {
        baseline: true,
        page500Cursor: indexed.page500Cursor,
        skip,
      });
    } finally {
      await server.stop();
      await restoreIndexes();
    }
    const baseline = new Map([...baselinePass.results, ...direct]);
    const report: EngineReport = {
      engine,
      seeded,
      indexed,
      baseline,
      baselineSeconds: (performance.now() - baselineStarted) / 1000,
      droppedIndexes: dropped.map((index) => index.name),
    };
    printTable(report, calls);
    return report;
  } finally {
    await database.dispose().catch((error: unknown) => log(`could not clean up: ${String(error)}`));
  }
}

function compareEngines(reports: EngineReport[]): void {
  const lite = reports.find((report) => report.engine === 'pglite');
  const postgres = reports.find((report) => report.engine === 'postgres');
  if (!lite || !postgres) return;
  log();
  log('PostgreSQL against the embedded database (p95; PostgreSQL should be at least as fast):');
  for (const [id, measured] of lite.indexed.results) {
    const a = p95Of(measured);
    const b = p95Of(postgres.indexed.results.get(id));
    if (a === undefined || b === undefined) continue;
    log(
      `  ${id}: PGlite ${formatMs(a)}, PostgreSQL ${formatMs(b)} ${b <= a ? '(as fast or faster)' : '(SLOWER)'}`,
    );
  }
}

async function main(): Promise<void> {
  const requested = process.env.BENCH_DB ?? 'pglite';
  const engines: Engine[] =
    requested === 'both'
      ? ['pglite', 'postgres']
      : requested === 'postgres'
        ? ['postgres']
        : ['pglite'];
  // A watchdog: whatever hangs, the bench ends (and its server child with it).
  setTimeout(() => {
    process.stderr.write('history bench: watchdog expired, giving up\n');
    process.exit(2);
  }, engines.length * DEADLINE_MS).unref();
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
  log(
    `history bench: ${DECISIONS.toLocaleString('en')} decisions over 90 days, ${RUNS} runs per call, ${os.cpus().length} cores, ${engines.join(' and ')}`,
  );
  const reports: EngineReport[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers(adminUrl))) {
      throw new Error(`PostgreSQL at ${adminUrl} does not answer (set TEST_DATABASE_URL)`);
    }
    log();
    const report = await runEngine(engine, adminUrl);
    if (report) reports.push(report);
  }
  compareEngines(reports);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `history bench failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
