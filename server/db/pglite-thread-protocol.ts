/**
 * Messages between the server's thread and the thread that owns the embedded database
 * (pglite-thread.ts and pglite-thread-worker.ts). Every request carries an id; its reply carries
 * the same id. Statements of an open transaction name it by `tx`.
 */
export type Lane = 'normal' | 'deferred';

export type ThreadRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[]; tx?: number; lane: Lane }
  | {
      id: number;
      kind: 'prepared';
      name: string;
      sql: string;
      params: readonly unknown[];
      tx?: number;
      lane: Lane;
    }
  | { id: number; kind: 'exec'; sql: string }
  /** Opens a transaction: the reply's `rows` is its number, once it holds the database. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'close' };

/** An error as it crosses threads: the message and the database's fields (code, detail...). */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type ThreadReply =
  { id: number; ok: true; rows: unknown } | { id: number; ok: false; error: ThreadError };

export interface ThreadOptions {
  dataDir: string;
  cacheMb?: number;
}

/** Keeps what a caller may read off a database error; stacks stay in the thread that threw. */
export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

export function fromThreadError(error: ThreadError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return Object.assign(rebuilt, error.fields);
}
