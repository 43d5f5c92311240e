import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root, where the server's own files live beside its code (migrations, the
 * maintenance page, demo media, the API docs' stylesheet). Found by walking up from this module
 * to the directory that holds package.json, so the same code works from the sources (run by tsx,
 * server/paths.ts) and from the production bundle (dist-server/main.mjs), whose modules are no
 * longer where their sources are, and whatever the working directory.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, from its root: `fromRoot('server', 'db', 'migrations')`. */
export function fromRoot(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}
