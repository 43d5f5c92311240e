/**
 * The two builds `npm start` needs, each made only when its output is older than its inputs:
 *
 * - the client: `vite build` into dist/ (the console the server serves);
 * - the server: esbuild bundles server/main.ts and everything it imports from this repository
 *   into dist-server/main.mjs, leaving packages in node_modules as imports. Production runs
 *   that file with plain Node rather than the TypeScript sources through tsx: tsx's transform
 *   hooks and the source it keeps for every module cost about 80 MB of memory in a running
 *   server, and every start transpiles again. Tests build the app from the sources (vitest);
 *   the browser tests and benches run the bundle, as production does.
 *
 * dist-server/ is not under dist/, which the server serves to browsers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CLIENT_STAMP = path.join(ROOT, 'dist', '.vite', 'manifest.json');
export const CLIENT_BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'package-lock.json',
];

export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'main.mjs');
const SERVER_BUILD_INPUTS = ['server', 'src/contract', 'package-lock.json'];

/** The newest modification time under `target` (0 when it does not exist). */
export function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(target)) {
    // The router plugin's generated files change on every build; they are outputs.
    if (name.endsWith('.gen.ts')) continue;
    newest = Math.max(newest, newestModification(path.join(target, name)));
  }
  return newest;
}

function isCurrent(output: string, inputs: readonly string[]): boolean {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return inputs.every((input) => newestModification(path.join(ROOT, input)) <= built);
}

export const clientIsCurrent = () => isCurrent(CLIENT_STAMP, CLIENT_BUILD_INPUTS);
export const serverIsCurrent = () => isCurrent(SERVER_BUNDLE, SERVER_BUILD_INPUTS);

const require = createRequire(import.meta.url);

/** `vite build` into dist/ (or `outDir`). */
export function buildClient(options: { outDir?: string; quiet?: boolean } = {}): void {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const args = [vite, 'build', '--logLevel', 'warn'];
  if (options.outDir) args.push('--outDir', options.outDir, '--emptyOutDir');
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vite build failed; see the messages above');
}

/**
 * Bundles the server into `outfile` (dist-server/main.mjs unless given), and beside it the
 * embedded database's thread (pglite-thread-worker.mjs), which the server starts by that name.
 */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: {
      [path.basename(outfile, '.mjs')]: path.join(ROOT, 'server', 'main.ts'),
      'pglite-thread-worker': path.join(ROOT, 'server', 'db', 'pglite-thread-worker.ts'),
    },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** Builds what is missing or older than its sources; says what it builds. */
export async function ensureBuilds(log: (line: string) => void): Promise<void> {
  if (!clientIsCurrent()) {
    log('Building the console (vite build)...');
    buildClient();
  }
  if (!serverIsCurrent()) {
    log('Building the server (esbuild)...');
    await buildServer();
  }
}
