/**
 * One interface over the embedded PGlite database and a PostgreSQL server. Everything above
 * this folder speaks PostgreSQL SQL through it and never learns which one runs.
 *
 * Rules: parameters are always positional ($1, $2 ...); bigint and count() come back as numbers
 * (normalised here, since `pg` returns strings); a transaction callback gets its own handle
 * and must use it, not the outer one.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * `query` for a statement run many times a second (the queue's claim): the connection keeps
   * it prepared under `name`, so it is not planned from scratch on every call. A complex
   * statement can spend more time in the planner than in running, and the embedded database
   * plans on the one thread that also serves the sockets. One name per SQL text; parameters are
   * text, numbers, booleans, null or one-dimensional arrays of them (the SQL casts each array
   * parameter to its type, `$1::bigint[]`).
   */
  queryPrepared<Row = Record<string, unknown>>(
    name: string,
    sql: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
}

/** A prepared statement's name: it becomes part of SQL, so only these characters. */
export function checkStatementName(name: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad statement name: ${name}`);
  return name;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The same database, for work that may wait its turn: on the embedded database, whose one
   * connection serves every statement in turn, these run after the statements waiting in the
   * normal lane (with a bound, so they never starve). Queue claims go through it, so that a busy
   * queue makes operators wait for new items rather than for their submits to be stored. On
   * PostgreSQL (a pool) it is the database itself.
   */
  readonly deferred: Queryable;
  close(): Promise<void>;
}

export async function queryOne<Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params);
  return rows[0];
}

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a network
 * cut): nothing is wrong with the request, so the HTTP layer answers 503 and the client retries.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: Error) {
    super(`The database is unavailable: ${cause.message}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
