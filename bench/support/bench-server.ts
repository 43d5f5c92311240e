/**
 * What every bench needs from the real server: a fresh embedded database to seed, the server
 * started as a child process on it (demo data and feeder off, loopback only), and a way to stop
 * it. The server never outlives the bench. Seeding and the protocol itself are the tests' own
 * (tests/support/moderation-fixtures.ts and tests/support/protocol.ts), so benches and tests
 * speak to the server the same way.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { buildServer, ROOT, SERVER_BUNDLE, serverIsCurrent } from '../../scripts/builds';

/** server/db/open-database.ts keeps the embedded database in DATA_DIR/pglite. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * The command and arguments that run Node with `nodeArgs` under a raised open-file limit (sockets
 * are files). Node cannot set a child's limit, so a shell raises its own (up to the hard limit,
 * no root needed) and execs Node, which keeps the pid and the IPC channel.
 */
export function withFileLimit(
  nodeArgs: string[],
  maxOpenFiles: number | undefined,
): [string, string[]] {
  if (!maxOpenFiles) return [process.execPath, nodeArgs];
  return [
    '/bin/sh',
    ['-c', `ulimit -Sn ${maxOpenFiles} && exec "$0" "$@"`, process.execPath, ...nodeArgs],
  ];
}

/**
 * The open-file limit for a child that needs `wanted` files: the soft limit already in force if
 * it is enough, else `wanted` within the hard limit (`ulimit -Hn`).
 */
export function fileLimitFor(wanted: number): number {
  const limit = (flag: string) =>
    execFileSync('/bin/sh', ['-c', `ulimit -${flag}n`], { encoding: 'utf8' }).trim();
  const [soft, hard] = [limit('S'), limit('H')];
  if (soft === 'unlimited' || Number(soft) >= wanted) return Number(soft) || wanted;
  return hard === 'unlimited' ? wanted : Math.min(Number(hard), wanted);
}

/** Asked of the event-loop probe (event-loop-probe.ts) over the server child's IPC channel. */
export type ProbeRequest = { probe: 'reset' } | { probe: 'read' };

/** Garbage-collection pauses in a window; major: V8's full mark-sweep-compact collections. */
export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Pauses of 50 ms or more. */
  slowCount: number;
  majorCount: number;
  majorMaxMs: number;
}

/** The probe's answer to `read`: event-loop delay since the last `reset`. */
export interface ProbeReading {
  probe: 'reading';
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
  gc: GcPauses;
  /**
   * process.memoryUsage() after a full garbage collection: where the RSS goes (JS heap,
   * WebAssembly, buffers).
   */
  memory: NodeJS.MemoryUsage;
  /** process.memoryUsage() when the RSS was highest in the window (sampled every 100 ms). */
  peak: NodeJS.MemoryUsage;
}

/**
 * The server as production runs it: the bundle of `npm start` (scripts/builds.ts), built first
 * when it is missing or older than the sources, run with plain Node (no tsx in the measured
 * process).
 */
export async function serverBundle(): Promise<string> {
  if (!serverIsCurrent()) await buildServer();
  return SERVER_BUNDLE;
}

/** The event-loop probe, bundled for plain Node (preloading TypeScript would need tsx). */
async function probeModule(): Promise<string> {
  const outfile = path.join(ROOT, '.tmp', 'bench-event-loop-probe.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'bench', 'support', 'event-loop-probe.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  return outfile;
}

export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: {
    /** Preload the event-loop probe and open an IPC channel to it (resetProbe, readProbe). */
    probe?: boolean;
    /** Limits the server's open files (sockets), e.g. 'ulimit -n 20000' needs no root. */
    maxOpenFiles?: number;
  } = {},
): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (options.probe) {
    nodeArgs.push('--expose-gc', '--import', await probeModule());
  }
  // On PostgreSQL the server is in production mode and will not start without PUBLIC_URL. The
  // bench's clients are not browsers and open no mailed links, so the loopback origin does.
  const production =
    Boolean(env.DATABASE_URL) || (env.NODE_ENV ?? process.env.NODE_ENV) === 'production';
  const publicUrl = production && !env.PUBLIC_URL ? { PUBLIC_URL: 'http://127.0.0.1' } : {};
  const serverArgs = [...nodeArgs, await serverBundle()];
  const [command, args] = withFileLimit(serverArgs, options.maxOpenFiles);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      DEMO_FEEDER: '0',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      // As `npm start` runs the server.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...publicUrl,
      ...env,
    },
    stdio: options.probe ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  // The server never outlives the bench, even when a watchdog ends it.
  process.once('exit', () => child.kill('SIGKILL'));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  // After start the server writes only its log (LOG_LEVEL, warn by default): warnings and
  // errors belong beside the bench's figures.
  child.stdout?.removeAllListeners('data');
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return { child, baseUrl };
}

/** Asks the server's event-loop probe something and waits for its answer. */
function askProbe<Answer>(
  child: ChildProcess,
  request: ProbeRequest,
  answer: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listener);
      reject(new Error(`the server's event-loop probe did not answer ${request.probe}`));
    }, 30_000);
    const listener = (message: { probe?: string }) => {
      if (message.probe !== answer) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message as Answer);
    };
    child.on('message', listener);
    child.send(request);
  });
}

/** Starts a measurement window of the server's event-loop delay. */
export async function resetProbe(child: ChildProcess): Promise<void> {
  await askProbe(child, { probe: 'reset' }, 'reset-done');
}

/** The server's event-loop delay since resetProbe. */
export function readProbe(child: ChildProcess): Promise<ProbeReading> {
  return askProbe(child, { probe: 'read' }, 'reading');
}

/** Resident memory of a process now and at its peak, in bytes (Linux /proc). */
export function residentMemoryOf(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/**
 * CPU seconds a process has used (Linux /proc; undefined elsewhere). Bench and server share the
 * machine's cores, so the report says how much of it the simulated operators took.
 */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
