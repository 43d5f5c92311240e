import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPgliteThreadDatabase } from './pglite-thread';
import { openPostgresDatabase } from './postgres-database';

export async function openDatabase(
  config: Config,
  log?: (error: Error, message: string) => void,
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, { log })
    : await (config.pgliteThread ? openPgliteThreadDatabase : openPgliteDatabase)({
        dataDir: path.join(config.dataDir, 'pglite'),
        cacheMb: config.pgliteCacheMb,
      });
  await migrate(db);
  return db;
}
