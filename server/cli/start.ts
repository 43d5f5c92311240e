/**
 * `npm start`: builds the console when the build is missing or older than its sources, then
 * starts the server. A newcomer needs nothing but `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD_STAMP = path.resolve('dist/index.html');
const SOURCES = [
  'src',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestMtime(path.join(entry, child))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
if (SOURCES.some((source) => newestMtime(source) > builtAt)) {
  process.stdout.write('Building the console (vite build)...\n');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('The build failed; see the messages above.\n');
    process.exit(build.status ?? 1);
  }
}

await import('../main');
