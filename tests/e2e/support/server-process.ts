/**
 * The real server as a child process, as `npm start` runs it: the production bundle with plain
 * Node when E2E_SERVER_BUNDLE names it (run-e2e.ts builds one), else `tsx server/main.ts`; its own
 * temporary data directory, a free port chosen by the OS (PORT=0, read back from the start
 * banner) unless one is given, stdout and stderr captured to a log file the tests can read
 * (password-reset links land there when no SMTP_URL is set). Each server is the only process
 * on its data directory, as PGlite requires.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TEST_PASSWORD_HASH_LOG_N } from '../../support/database-admin';

const require = createRequire(import.meta.url);
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const TSX_CLI = require.resolve('tsx/cli');
// Generous: a fresh PGlite database plus six scrypt hashes take seconds, more on a busy machine.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
/**
 * The embedded database's WebAssembly runs on V8's baseline compiler only. By default V8 also
 * recompiles its busy functions with the optimizing compiler, which pays off over hours of
 * production traffic but not in test servers, started some 35 times a run to do little: measured
 * on the two-core machine, a server start took 2.1 s of CPU with it and 1.2 s without, and the
 * whole browser run 4.8 and 4.7 minutes with it, 4.3 and 4.1 without. What the database does is
 * the same either way; only how fast its code runs differs.
 */
const SERVER_NODE_ARGS = ['--liftoff-only'];

export interface ServerOptions {
  /** The built console to serve (STATIC_DIR). */
  staticDir: string;
  /** Extra environment, e.g. { MAINTENANCE: '1' }. */
  env?: Record<string, string>;
  /** Reuse a data directory (it must not be open in another process). Default: a new one. */
  dataDir?: string;
  /** Listen on this port. Default: a free port. */
  port?: number;
}

export interface ServerHandle {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** Everything the server printed so far. */
  readLog(): string;
  /** Stops the process (SIGTERM, then SIGKILL). Keeps the data directory. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash would. Keeps the data directory. */
  crash(): Promise<void>;
  /** Stops the process and deletes its data directory and log. */
  dispose(): Promise<void>;
}

/** Environment every test server gets; the caller's `env` overrides it. */
export function baseServerEnv(): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: 'demo',
    // The demo content feeder is off unless a test asks for it.
    DEMO_FEEDER: '0',
    LOG_LEVEL: 'info',
    PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N,
  };
}

function cleanEnv(): NodeJS.ProcessEnv {
  // The tests' own settings must not leak into the server: no database URL, SMTP, maintenance
  // or production mode.
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'MAINTENANCE',
    'PUBLIC_URL',
    'REDIS_URL',
    'NODE_ENV',
  ]) {
    delete env[name];
  }
  return env;
}

async function waitForHealthy(baseURL: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The test server exited with code ${child.exitCode}:\n${log()}`);
    }
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The test server did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${log()}`,
  );
}

async function waitForPort(child: ChildProcess, log: () => string): Promise<number> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = /Moderation console: http:\/\/[^:]+:(\d+)/.exec(log());
    if (match?.[1]) return Number(match[1]);
    if (child.exitCode !== null) {
      throw new Error(`The test server exited with code ${child.exitCode}:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The test server printed no address within ${START_TIMEOUT_MS} ms:\n${log()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A port nothing listens on at the moment; the server takes it a moment later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A server on PostgreSQL runs in production mode, which needs PUBLIC_URL: its reset links are
 * built from it. So such a server gets a port chosen here and PUBLIC_URL pointing at it.
 */
async function withPublicUrl(options: ServerOptions): Promise<ServerOptions> {
  if (!options.env?.DATABASE_URL || options.env.PUBLIC_URL) return options;
  const port = options.port ?? (await freePort());
  return { ...options, port, env: { ...options.env, PUBLIC_URL: `http://127.0.0.1:${port}` } };
}

/**
 * The data directory new servers start from, when E2E_DATA_TEMPLATE names one (global setup
 * makes it once): migrated and seeded with the demo data, beside the log of its first start,
 * where the demo services' API tokens were printed (once: a copy's log starts with them). A copy
 * spares each server the migrations and the seed, most of its start-up.
 */
function fromTemplate(dataDir: string, logFile: string): void {
  const template = process.env.E2E_DATA_TEMPLATE;
  if (!template) return;
  cpSync(template, dataDir, { recursive: true });
  copyFileSync(`${template}.server.log`, logFile);
}

export async function startServer(given: ServerOptions): Promise<ServerHandle> {
  const options = await withPublicUrl(given);
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-data-'));
  const logFile = `${dataDir}.server.log`;
  if (ownsDataDir && !options.env?.DATABASE_URL) fromTemplate(dataDir, logFile);
  // What earlier runs on this data directory left in the log; the file gets this run appended.
  const earlier = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  const out = createWriteStream(logFile, { flags: 'a' });
  const bundle = process.env.E2E_SERVER_BUNDLE;
  const entry = bundle
    ? [...SERVER_NODE_ARGS, '--enable-source-maps', bundle]
    : [TSX_CLI, 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: {
      ...cleanEnv(),
      ...baseServerEnv(),
      ...options.env,
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      STATIC_DIR: options.staticDir,
    },
    // Its own process group, so stopping it also stops the Node process tsx starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  // From memory, not the file: the file stream may not have written the start banner yet when
  // the server already answers its health check.
  const readLog = () => earlier + printed;

  const signal = (name: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
    await new Promise<void>((resolve) => out.end(resolve));
  };
  const crash = async () => {
    signal('SIGKILL');
    await exited(child);
    await new Promise<void>((resolve) => out.end(resolve));
  };

  try {
    const port = await waitForPort(child, () => printed);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitForHealthy(baseURL, child, () => printed);
    return {
      baseURL,
      port,
      dataDir,
      logFile,
      readLog,
      stop,
      crash,
      async dispose() {
        await stop();
        if (ownsDataDir) {
          rmSync(dataDir, { recursive: true, force: true });
          rmSync(logFile, { force: true });
        }
      },
    };
  } catch (error) {
    await stop();
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs a server CLI (e.g. `server/cli/maintenance.ts on`) on a stopped server's data directory. */
export function runServerCli(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, script, ...args], {
      cwd: REPO_ROOT,
      env: { ...cleanEnv(), ...baseServerEnv(), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
