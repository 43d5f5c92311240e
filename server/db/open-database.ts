import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export async function openDatabase(
  config: Config,
  log?: (error: Error, message: string) => void,
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, { log })
    : await openPgliteDatabase({
        dataDir: path.join(config.dataDir, 'pglite'),
        cacheMb: config.pgliteCacheMb,
      });
  await migrate(db);
  return db;
}
