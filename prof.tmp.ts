import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { openPostgresDatabase } from './server/db/postgres-database';
import { openPgliteDatabase } from './server/db/pglite-database';
import { readReport } from './server/features/reports/report-reader';
const engine = process.argv[2];
const seeded = JSON.parse(readFileSync(`/work/bench-data/history/${engine}/seeded.json`, 'utf8'));
const db = engine === 'pglite' ? await openPgliteDatabase({ dataDir: '/work/bench-data/history/pglite/pglite' }) : openPostgresDatabase('postgres://postgres@127.0.0.1:5432/bench_history_kept_history', { poolSize: 2 });
for (let i = 0; i < 6; i++) {
  const t0 = performance.now();
  const report = await readReport(db, { report: 'productivity', from: new Date(seeded.from), to: new Date(seeded.to), group: 'day' });
  const t1 = performance.now();
  const text = JSON.stringify({ ok: true, data: report });
  const t2 = performance.now();
  console.log('read', (t1 - t0).toFixed(0), 'ms; stringify', (t2 - t1).toFixed(0), 'ms', report.rows.length, text.length);
}
await db.close();
