import { performance } from 'node:perf_hooks';
import { migrate } from '/work/wt/history-speed/server/db/migrate';
import { openPgliteDatabase } from '/work/wt/history-speed/server/db/pglite-database';
import { openPostgresDatabase } from '/work/wt/history-speed/server/db/postgres-database';
const engine = process.argv[2];
const db = engine === 'pglite'
  ? await openPgliteDatabase({ dataDir: '/work/bench-data/history/pglite/pglite' })
  : openPostgresDatabase('postgres://postgres@127.0.0.1:5432/bench_history_kept_history', { poolSize: 2 });
const started = performance.now();
const applied = await migrate(db);
console.log(engine, 'applied', applied, ((performance.now() - started) / 1000).toFixed(1), 's');
await db.close();
