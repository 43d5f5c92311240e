import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
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
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return fromPglite(pg);
}

export function fromPglite(pg: PGlite): Database & { pglite: PGlite } {
  const self = wrap(pg);
  const queue = new FairQueue();
  return {
    kind: 'pglite',
    pglite: pg,
    query: (sql, params) => queue.run(() => self.query(sql, params)),
    deferred: {
      query: (sql, params) => queue.run(() => self.query(sql, params), 'deferred'),
    },
    exec: (sql) => queue.run(async () => void (await pg.exec(sql))),
    // The callback's statements go straight to PGlite: the transaction holds the queue.
    transaction: (work) => queue.run(() => pg.transaction((tx) => work(wrap(tx)))),
    close: () => queue.run(() => pg.close()),
  };
}
