/**
 * The console for the servers under test, in a private directory, so that a `vite build` someone
 * else runs in this checkout (which empties ./dist) cannot pull the files from under a running
 * test. A dist/ that is current (built after every input of the build, as `npm run check` leaves
 * it) is copied rather than built again.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient as viteBuild, clientIsCurrent, ROOT } from '../../../scripts/builds';

export function buildClient(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-dist-'));
  if (clientIsCurrent()) cpSync(path.join(ROOT, 'dist'), outDir, { recursive: true });
  else viteBuild({ outDir, quiet: true });
  return outDir;
}
