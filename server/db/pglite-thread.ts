import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError, type Database, type Queryable } from './database';
import {
  fromThreadError,
  type Lane,
  type ThreadOptions,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-thread-protocol';

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * Starts the thread: from beside the bundle when the server runs as dist-server/main.mjs
 * (scripts/builds.ts writes pglite-thread-worker.mjs there), and from the TypeScript source
 * through tsx's loader when the server runs from its sources (tests, `npm run dev`); a worker
 * does not inherit the loader, and Node 20 loads a module named in `--import` too late for it.
 * The thread takes none of the process's Node options: a module the server preloads (a probe,
 * a profiler's hook) is the server thread's.
 */
function startWorker(options: ThreadOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
      workerData: options,
      execArgv: [],
    });
  }
  const source = new URL('./pglite-thread-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options, execArgv: [] });
}

/**
 * The embedded database in a thread of its own. PGlite runs every statement synchronously on
 * the thread that calls it; on the server's thread, every statement held up the sockets and
 * requests it serves, and the second core did nothing for the database. Here the server's
 * thread only sends statements and reads their rows. The rules of the one-thread database
 * (pglite-database.ts) hold unchanged: one connection, statements and transactions one at a
 * time in the thread, the deferred lane after the normal one; a transaction's callback runs
 * here and its statements go to the thread, which holds the database for it until it ends.
 */
export async function openPgliteThreadDatabase(options: ThreadOptions): Promise<Database> {
  const worker = startWorker(options);
  const waiting = new Map<
    number,
    { resolve: (rows: unknown) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | undefined;

  const failAll = (error: Error) => {
    failure ??= new DatabaseUnavailableError(error);
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };

  const opened = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: ThreadReply) => {
    const caller = waiting.get(message.id);
    if (!caller) return;
    waiting.delete(message.id);
    if (message.ok) caller.resolve(message.rows);
    else caller.reject(fromThreadError(message.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread exited (code ${code})`)));

  const send = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (rows: unknown) => void, reject });
      worker.postMessage({ ...request, id } as ThreadRequest);
    });
  };

  const queryable = (lane: Lane, tx?: number): Queryable => ({
    query: (sql, params = []) => send({ kind: 'query', sql, params, tx, lane }),
    queryPrepared: (name, sql, params = []) =>
      send({ kind: 'prepared', name, sql, params, tx, lane }),
  });

  await opened;
  return {
    kind: 'pglite',
    ...queryable('normal'),
    deferred: queryable('deferred'),
    exec: (sql) => send({ kind: 'exec', sql }),
    async transaction(work) {
      const tx = await send<number>({ kind: 'begin' });
      let result;
      try {
        result = await work(queryable('normal', tx));
      } catch (error) {
        // The caller learns why its work failed; a failed rollback would say less.
        await send({ kind: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ kind: 'end', tx, commit: true });
      return result;
    },
    async close() {
      await send({ kind: 'close' });
      await worker.terminate();
    },
  };
}
