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

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, its files in `dataDir`
 * (or in memory when `dataDir` is undefined). One connection: transactions run one at a time.
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
  return {
    kind: 'pglite',
    pglite: pg,
    query: self.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}
