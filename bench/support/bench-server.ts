/**
 * What every bench needs from the real server: a fresh embedded database to seed, the server
 * started as a child process on it (demo data and feeder off, loopback only), and a way to stop
 * it. The server never outlives the bench. Seeding and the protocol itself are the tests' own
 * (tests/support/moderation-fixtures.ts and tests/support/protocol.ts), so benches and tests
 * speak to the server the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** server/db/open-database.ts keeps the embedded database in DATA_DIR/pglite. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
}

export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // On PostgreSQL the server is in production mode and will not start without PUBLIC_URL. The
  // bench's clients are not browsers and open no mailed links, so the loopback origin does.
  const production =
    Boolean(env.DATABASE_URL) || (env.NODE_ENV ?? process.env.NODE_ENV) === 'production';
  const publicUrl = production && !env.PUBLIC_URL ? { PUBLIC_URL: 'http://127.0.0.1' } : {};
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
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
      ...publicUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
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

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
