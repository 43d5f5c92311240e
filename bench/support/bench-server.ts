/**
 * What every bench needs from the real server: a fresh embedded database to seed, the server
 * started as a child process on it (demo data and feeder off, loopback only), and a way to stop
 * it. The server never outlives the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { createService } from '../../server/features/services/service-repository';
import { issueServiceToken } from '../../server/features/services/service-token-repository';

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
  return { child, baseUrl };
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Ready sessions for existing users, straight in the database (no sign-in, no scrypt). */
export async function createSessions(db: Database, userIds: number[]): Promise<string[]> {
  const sessions = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select h, u, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
    [sessions.map((id) => createHash('sha256').update(id).digest('hex')), userIds],
  );
  return sessions;
}

/** The bench's client service and an ingest token for it. */
export async function createBenchService(
  db: Database,
  tags: string[],
): Promise<{ serviceId: number; token: string }> {
  const service = await createService(db, {
    code: 'bench',
    name: 'Bench Service',
    tags,
    submitWithoutTags: false,
    enableDynamicTags: true,
    aiWordLists: { spam: ['free money'], drugs: ['pills'] },
  });
  const { token } = await issueServiceToken(db, { serviceId: service.id });
  return { serviceId: service.id, token };
}

/** Text items through the real ingest API, 100 per request; answers their ids in order. */
export async function ingestTextItems(
  baseUrl: string,
  token: string,
  count: number,
  subscriberId: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let first = 0; first < count; first += 100) {
    const size = Math.min(100, count - first);
    const response = await fetch(`${baseUrl}/api/v1/contents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        Array.from({ length: size }, (_, k) => ({
          subscriber_id: subscriberId,
          user_id: `member-${first + k}`,
          message_type: 'text',
          content: `message ${first + k}`,
        })),
      ),
    });
    if (response.status !== 202) {
      throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    }
    ids.push(...((await response.json()) as { data: { ids: number[] } }).data.ids);
  }
  return ids;
}
