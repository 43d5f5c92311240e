/**
 * Builds the console into a private directory so the servers under test serve the current code,
 * and a `vite build` someone else runs in this checkout (which empties ./dist) cannot pull the
 * files from under a running test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './server-process';

const require = createRequire(import.meta.url);

export function buildClient(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-dist-'));
  const viteCli = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  execFileSync(
    process.execPath,
    [viteCli, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return outDir;
}
