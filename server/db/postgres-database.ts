import pg from 'pg';
import {
  DatabaseUnavailableError,
  checkStatementName,
  type Database,
  type Queryable,
} from './database';

/**
 * The PostgreSQL server behind `DATABASE_URL`, through a `pg` pool. Rules:
 * - The server may close any connection at any time (a restart, `pg_terminate_backend`, a test
 *   dropping its database `with (force)`: 57P01). `pg` reports that as an 'error' event on the
 *   client or the pool, and an 'error' event nobody listens to is an uncaught exception that stops
 *   the process. So the pool and every client it creates carry a listener: the error is logged,
 *   the pool drops the dead client, and the next statement gets a fresh connection.
 * - A connection that cannot be made in `connectTimeoutMs`, a refused or dropped one, and the
 *   server's "shutting down / starting up / not accepting connections" answers become a
 *   `DatabaseUnavailableError`, which the HTTP layer answers with 503 until the database is back.
 * - Waiting for a free connection of a busy pool is not an outage: it is bounded separately and
 *   much longer (`poolWaitMs`). pg-pool's one timeout bounds both, and at 5 s the queue bench
 *   (a thousand operators on two processes) had hundreds of requests answered 503 while
 *   PostgreSQL was up and busy.
 * - `close()` resolves only when every connection is really closed, so a caller may drop the
 *   database right after it without the server terminating a connection this process still reads.
 */

// int8 (count(), bigserial) arrives as a string from pg; PGlite gives numbers. Our ids and
// counts stay far below 2^53, so one parser here makes both engines look the same.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
/** int8[] (a bigint[] parameter or array_agg of ids), one-dimensional as we use it, likewise. */
const INT8_ARRAY_OID = 1016 as Parameters<typeof pg.types.setTypeParser>[0];
pg.types.setTypeParser(INT8_ARRAY_OID, (value: string) =>
  value === '{}'
    ? []
    : value
        .slice(1, -1)
        .split(',')
        .map((entry) => (entry === 'NULL' ? null : Number(entry))),
);

export interface PostgresOptions {
  poolSize?: number;
  /** How long making a connection may take before the database counts as down. */
  connectTimeoutMs?: number;
  /** How long a statement may wait for a free connection of the pool before it gives up. */
  poolWaitMs?: number;
  /** Where connection errors go; the server passes its logger. */
  log?: (error: Error, message: string) => void;
}

/** Connections of a pool unless the caller says otherwise (the server's pool). */
export const DEFAULT_POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 5_000;
const POOL_WAIT_MS = 30_000;
/** `close()` stops waiting for a connection that will not finish closing after this long. */
const CLOSE_WAIT_MS = 5_000;

/** SQLSTATEs that mean "the server is not there for you right now", not "your SQL is wrong". */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminated by pg_terminate_backend, a restart, a forced drop
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const UNAVAILABLE_SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages `pg` and `pg-pool` use for a dropped or impossible connection; they carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
];

export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    if (UNAVAILABLE_SOCKET_ERRORS.has(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

function unavailable(error: unknown): unknown {
  return error instanceof Error && isConnectionFailure(error)
    ? new DatabaseUnavailableError(error)
    : error;
}

function defaultLog(error: Error, message: string): void {
  process.stderr.write(`${message}: ${error.message}\n`);
}

/**
 * Runs a statement and collects its rows from pg's 'row' events into an array of our own. Rows
 * that pg collects itself (the promise form of client.query) outlived young-generation
 * collections: a CSV export of 200,000 rows grew the old generation by 30 MB, and the server's
 * memory with it until a full collection came; collected here, the old generation stays flat
 * (bench:history samples the server's memory during the export).
 */
function collectRows<Row>(client: pg.PoolClient, config: pg.QueryConfig): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const rows: Row[] = [];
    const query = new pg.Query(config);
    query.on('row', (row: Row) => rows.push(row));
    query.on('error', reject);
    query.on('end', () => resolve(rows));
    client.query(query);
  });
}

export function openPostgresDatabase(
  connectionString: string,
  options: PostgresOptions = {},
): Database {
  const log = options.log ?? defaultLog;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  /** The pool's connections, each bounded in how long it takes to connect. */
  class BoundedConnectClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    Client: BoundedConnectClient,
    // pg-pool's timeout bounds the wait for a free connection as well as making one; the client
    // above bounds making one, so this one, longer, is the wait.
    connectionTimeoutMillis: Math.max(connectTimeoutMs, options.poolWaitMs ?? POOL_WAIT_MS),
    // A server that vanished without closing the socket is noticed by TCP, not only by a query.
    keepAlive: true,
  });
  const open = new Set<pg.PoolClient>();
  pool.on('error', (error) => log(error, 'PostgreSQL connection lost (dropped from the pool)'));
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
    // While idle the pool's own listener reports the error (above); while checked out, the query
    // in flight fails with it. This one only keeps an error between two statements of a
    // transaction from becoming an uncaught exception; the pool drops the client on release.
    client.on('error', () => undefined);
  });

  async function connect(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      // Whatever stops a connection from being made, SQL is not to blame: the database is down.
      throw error instanceof Error ? new DatabaseUnavailableError(error) : error;
    }
  }

  function wrap(client: pg.PoolClient): Queryable {
    return {
      async query<Row>(sql: string, params: readonly unknown[] = []) {
        try {
          return await collectRows<Row>(client, { text: sql, values: params as unknown[] });
        } catch (error) {
          throw unavailable(error);
        }
      },
      // pg prepares a named statement once per connection and reuses it after.
      async queryPrepared<Row>(name: string, sql: string, params: readonly unknown[] = []) {
        try {
          return await collectRows<Row>(client, {
            name: checkStatementName(name),
            text: sql,
            values: params as unknown[],
          });
        } catch (error) {
          throw unavailable(error);
        }
      },
    };
  }

  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connect();
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) broken = error;
      throw error;
    } finally {
      // Releasing with an error makes the pool close the connection instead of reusing it.
      client.release(broken);
    }
  }

  const self: Queryable = {
    query: (sql, params) => withClient((client) => wrap(client).query(sql, params)),
    queryPrepared: (name, sql, params) =>
      withClient((client) => wrap(client).queryPrepared(name, sql, params)),
  };

  return {
    kind: 'postgres',
    query: self.query,
    queryPrepared: self.queryPrepared,
    deferred: self,
    async exec(sql) {
      await self.query(sql);
    },
    transaction: (work) =>
      withClient(async (client) => {
        const tx = wrap(client);
        await tx.query('BEGIN');
        try {
          const result = await work(tx);
          await tx.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    async close() {
      await pool.end();
      // pool.end() resolves once it has asked every connection to close, not when they have.
      const closing = [...open].map(
        (client) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, CLOSE_WAIT_MS);
            timer.unref();
            client.once('end', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      );
      await Promise.all(closing);
    },
  };
}
