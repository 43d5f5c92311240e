import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { ReadinessChecks } from '../../src/contract/health';
import type { Queryable } from '../db/database';

/** A dependency that takes longer than this to answer counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Redis as readiness sees it. */
export interface RedisProbe {
  readonly isReady: boolean;
  ping(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A connection of readiness's own to REDIS_URL (the socket adapter keeps its connections to
 * itself). It reconnects by itself; while it is down, commands fail at once instead of waiting
 * in the client's offline queue. Its errors are the adapter's too, which logs them already, so
 * they are logged here only at debug level.
 */
export function openRedisProbe(url: string, log: FastifyBaseLogger): RedisProbe {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: READINESS_TIMEOUT_MS },
  });
  client.on('error', (error: unknown) => log.debug({ err: error }, 'readiness: redis error'));
  client.connect().catch((error: unknown) => {
    log.warn({ err: error }, 'readiness: redis connection failed');
  });
  return {
    get isReady() {
      return client.isReady;
    },
    ping: () => client.ping(),
    async close() {
      // A client still trying to connect would wait for Redis: shutdown does not.
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}

/**
 * Whether this process should get traffic: its database answers `select 1`, its Redis (when
 * configured) answers PING, each within READINESS_TIMEOUT_MS, and shutdown has not begun. Each
 * probe asks anew: a balancer polls every few seconds, and a cached answer would keep sending
 * traffic to a process whose database has just gone.
 *
 * `beginShutdown` is called first thing when the server stops (app.close), so the balancer
 * sees 503 while requests in flight finish, before the port closes.
 */
export class Readiness {
  private stopping = false;

  constructor(
    private readonly db: Queryable,
    private readonly redis: RedisProbe | undefined,
  ) {}

  beginShutdown(): void {
    this.stopping = true;
  }

  /** Closes the Redis probe's connection (after the last request was answered). */
  async close(): Promise<void> {
    await this.redis?.close();
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }

  async check(): Promise<{ ready: boolean; checks: ReadinessChecks }> {
    const [database, redis] = await Promise.all([
      answers(() => this.db.query('select 1')),
      this.redis ? answers(() => this.pingRedis(this.redis)) : undefined,
    ]);
    const checks: ReadinessChecks = {
      database: database ? 'up' : 'down',
      ...(redis === undefined ? {} : { redis: redis ? 'up' : 'down' }),
      process: this.stopping ? 'stopping' : 'running',
    };
    const ready = database && redis !== false && !this.stopping;
    return { ready, checks };
  }

  private async pingRedis(redis: RedisProbe | undefined): Promise<void> {
    // A disconnected client queues commands until it reconnects: that would be a timeout, not
    // an answer, so a client that knows it is down is down at once.
    if (!redis?.isReady) throw new Error('redis is not connected');
    await redis.ping();
  }
}

/** Whether `probe` resolves within READINESS_TIMEOUT_MS. */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The 503 message: what is down, in words. */
export function notReadyMessage(checks: ReadinessChecks): string {
  const problems = [
    ...(checks.process === 'stopping' ? ['the server is shutting down'] : []),
    ...(checks.database === 'down' ? ['the database does not answer'] : []),
    ...(checks.redis === 'down' ? ['Redis does not answer'] : []),
  ];
  return `Not ready: ${problems.join('; ')}.`;
}
