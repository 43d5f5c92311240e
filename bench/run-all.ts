/**
 * npm run bench — runs every `bench:<name>` script of package.json, one after another (they
 * measure throughput, so never in parallel), and fails if any of them fails.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .sort();
const failed: string[] = [];
for (const name of benches) {
  console.log(`\n=== npm run ${name} ===`);
  const run = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
console.log(
  `\n${benches.length - failed.length} of ${benches.length} benches finished${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length > 0 ? 1 : 0);
