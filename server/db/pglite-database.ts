import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { checkStatementName, type Database, type Queryable } from './database';

/**
 * One parameter of a prepared statement as text, which PostgreSQL reads with the input function
 * of the type the statement declared for it: text as it is, numbers and booleans as PostgreSQL
 * writes them, arrays in PostgreSQL's array syntax, null as SQL NULL. Other values (objects,
 * dates, NaN) are refused rather than guessed at.
 */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('text with a NUL character');
    return value;
  }
  throw new TypeError(
    `a prepared statement takes text, numbers, booleans, null or arrays of them, not ${typeof value}`,
  );
}

/**
 * A one-dimensional array as PostgreSQL's array input reads it: every element double-quoted
 * (backslash and double quote escaped by a backslash), so text, numbers and JSON arrive as they
 * are, and NULL unquoted. The element type is the one the parameter was prepared with.
 */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError(`not a finite number: ${value}`);
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(
        `an array parameter holds text, numbers or booleans, not ${typeof value}`,
      );
    }
    if (typeof value === 'string' && value.includes('\0')) {
      throw new TypeError('text with a NUL character');
    }
    return `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}

/** The prepared statement does not exist (a reopened database). */
const NO_SUCH_STATEMENT = '26000';

function concatMessages(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * Prepared statements at the wire protocol's level, named statements of the one connection.
 * PGlite's query call takes six exchanges with the database for every statement (parse,
 * describe, bind, describe, execute, sync), each through its message loop; a prepared
 * statement here is parsed once, and each run is bind, describe, execute and sync in one
 * exchange. Like PREPARE, a statement parsed inside a transaction outlives its rollback.
 */
function preparedRunner(pg: PGlite, prepared: Set<string>) {
  const { serialize } = protocol;
  const exchange = async (messages: readonly Uint8Array[]) => {
    // Inside a transaction PGlite's own queries leave the file sync to the commit.
    const result = await pg.execProtocol(concatMessages(messages), {
      syncToFs: !pg.isInTransaction(),
    });
    return result.messages;
  };
  const run = async <Row>(name: string, values: (string | null)[]): Promise<Row[]> => {
    const messages = await exchange([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as Row[];
  };
  const prepare = async (name: string, sql: string) => {
    await exchange([serialize.parse({ name, text: sql }), serialize.sync()]);
    prepared.add(name);
  };
  return async <Row>(name: string, sql: string, params: readonly unknown[]): Promise<Row[]> => {
    checkStatementName(name);
    const values = params.map(parameterText);
    if (!prepared.has(name)) await prepare(name, sql);
    try {
      return await run<Row>(name, values);
    } catch (error) {
      if ((error as { code?: unknown }).code !== NO_SUCH_STATEMENT) throw error;
      prepared.delete(name);
      await prepare(name, sql);
      return run<Row>(name, values);
    }
  };
}

function wrap(
  target: PGlite | Transaction,
  runPrepared: ReturnType<typeof preparedRunner>,
): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    queryPrepared: (name, sql, params = []) => runPrepared(name, sql, params),
  };
}

/** How long database work may hold the event loop before it lets I/O in. */
const SLICE_MS = 4;
/** A deferred piece runs at the latest after this many normal ones. */
const DEFERRED_EVERY = 16;

type Lane = 'normal' | 'deferred';

/**
 * PGlite runs each statement synchronously on the main thread and hands the connection to the
 * next waiting statement in a microtask: with many callers waiting, the event loop never reaches
 * its I/O phase until every one of them is done. Under load (a thousand operators) one loop turn
 * then took hundreds of milliseconds, the kernel's accept queue overflowed and new connections
 * waited for TCP retransmits (seconds). Rules of this queue:
 * - one piece of work at a time (a statement, or a whole transaction: nothing interleaves with
 *   it, as before), in arrival order within a lane;
 * - once a slice of SLICE_MS is used up it yields to the event loop (setImmediate), so sockets
 *   are accepted and read while the database is busy;
 * - the deferred lane runs when the normal lane is empty, or after DEFERRED_EVERY normal pieces
 *   in a row, so it waits but never starves.
 */
class FairQueue {
  private readonly lanes: Record<Lane, (() => Promise<void>)[]> = { normal: [], deferred: [] };
  private draining = false;
  private normalInARow = 0;

  run<T>(work: () => Promise<T>, lane: Lane = 'normal'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.lanes[lane].push(() => work().then(resolve, reject));
      if (!this.draining) void this.drain();
    });
  }

  private next(): (() => Promise<void>) | undefined {
    const { normal, deferred } = this.lanes;
    if (normal.length > 0 && (deferred.length === 0 || this.normalInARow < DEFERRED_EVERY)) {
      this.normalInARow += 1;
      return normal.shift();
    }
    this.normalInARow = 0;
    return deferred.shift();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let sliceStart = performance.now();
      for (let piece = this.next(); piece; piece = this.next()) {
        await piece();
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, its files in `dataDir`
 * (or in memory when `dataDir` is undefined). One connection: statements and transactions run
 * one at a time, through a FairQueue.
 */
export async function openPgliteDatabase(
  options: {
    dataDir?: string;
    loadDataDir?: Blob;
    /**
     * The page cache (shared_buffers) in MB; PostgreSQL's default of 128 unless given. It lives
     * in the WebAssembly memory, which never shrinks: pages once cached stay in the RSS.
     */
    cacheMb?: number;
  } = {},
): Promise<Database> {
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // A new data directory is made by initdb, a WebAssembly instance of its own whose memory
    // (about 500 MB) the opened database keeps alive. Made, closed and opened again, the
    // server holds only the database's own (measured: 830 MB of RSS against 470 MB).
    if (!existsSync(path.join(options.dataDir, 'PG_VERSION')) && !options.loadDataDir) {
      await (await PGlite.create({ dataDir: options.dataDir })).close();
    }
  }
  const pg = await PGlite.create({
    startParams: [
      ...PGlite.defaultStartParams,
      ...(options.cacheMb ? ['-c', `shared_buffers=${options.cacheMb}MB`] : []),
      // A prepared statement (and a PL/pgSQL function's statement) is planned once, for any
      // parameters. By default PostgreSQL plans it again on every run while it guesses that
      // pays, and here planning cost more than running: measured on the queue bench, deciding
      // a submit went from 1.32 to 0.89 ms and queueing its deliveries from 0.77 to 0.17 ms;
      // the server's CPU per item fell by a quarter. A statement whose best plan depends on
      // its values is not prepared: queries run unnamed are planned for their values.
      '-c',
      'plan_cache_mode=force_generic_plan',
    ],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return fromPglite(pg);
}

export function fromPglite(pg: PGlite): Database & { pglite: PGlite } {
  // Prepared statements belong to the one connection, which transactions share.
  const runPrepared = preparedRunner(pg, new Set<string>());
  const self = wrap(pg, runPrepared);
  const queue = new FairQueue();
  return {
    kind: 'pglite',
    pglite: pg,
    query: (sql, params) => queue.run(() => self.query(sql, params)),
    queryPrepared: (name, sql, params) => queue.run(() => self.queryPrepared(name, sql, params)),
    deferred: {
      query: (sql, params) => queue.run(() => self.query(sql, params), 'deferred'),
      queryPrepared: (name, sql, params) =>
        queue.run(() => self.queryPrepared(name, sql, params), 'deferred'),
    },
    exec: (sql) => queue.run(async () => void (await pg.exec(sql))),
    // The callback's statements go straight to PGlite: the transaction holds the queue.
    transaction: (work) => queue.run(() => pg.transaction((tx) => work(wrap(tx, runPrepared)))),
    close: () => queue.run(() => pg.close()),
  };
}
