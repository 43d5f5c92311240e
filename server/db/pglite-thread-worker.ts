/**
 * The thread that owns the embedded database: it opens PGlite and runs what the server's thread
 * sends (pglite-thread.ts), one piece of work at a time through the database's own queue. A
 * transaction holds that queue from `begin` until its `end`, as it does in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from './database';
import { openPgliteDatabase } from './pglite-database';
import {
  toThreadError,
  type Lane,
  type ThreadOptions,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-thread-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker runs as a worker thread');

interface OpenTransaction {
  tx: Queryable;
  finish: (commit: boolean) => void;
  /** Settles when the transaction has committed or rolled back. */
  ended: Promise<void>;
}

/** Rolls a transaction back on the server thread's word; nothing went wrong in this one. */
class RolledBack extends Error {}

const options = workerData as ThreadOptions;
const db = await openPgliteDatabase(options);
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

function reply(message: ThreadReply): void {
  port!.postMessage(message);
}

function queryableFor(request: { tx?: number; lane: Lane }): Queryable {
  if (request.tx === undefined) return request.lane === 'deferred' ? db.deferred : db;
  const open = transactions.get(request.tx);
  if (!open) throw new Error(`no open transaction ${request.tx}`);
  return open.tx;
}

/** Resolves with the transaction's number once it holds the database. */
function begin(): Promise<number> {
  const number = nextTransaction++;
  return new Promise<number>((opened, failedToOpen) => {
    const entry = {} as OpenTransaction;
    entry.ended = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            entry.tx = tx;
            entry.finish = (yes) => (yes ? commit() : rollBack(new RolledBack()));
            transactions.set(number, entry);
            opened(number);
          }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      })
      .finally(() => transactions.delete(number));
    // Once open this is a no-op; a transaction that could not begin rejects here.
    entry.ended.catch(failedToOpen);
  });
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query':
      return queryableFor(request).query(request.sql, request.params);
    case 'prepared':
      return queryableFor(request).queryPrepared(request.name, request.sql, request.params);
    case 'exec':
      return db.exec(request.sql);
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`no open transaction ${request.tx}`);
      open.finish(request.commit);
      return open.ended;
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (rows) => reply({ id: request.id, ok: true, rows }),
    (error: unknown) => reply({ id: request.id, ok: false, error: toThreadError(error) }),
  );
});

// Tells the server's thread the database is open (or, by throwing above, that it is not).
reply({ id: 0, ok: true, rows: null });
