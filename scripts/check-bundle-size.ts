/**
 * The first-load JavaScript weight of every route, in brotli, against its budget
 * (scripts/bundle-budgets.ts). Part of `npm run check`; exits 1 when a route passes its budget.
 *
 *   npx tsx scripts/check-bundle-size.ts          # builds first when dist/ is older than the sources
 *   npx tsx scripts/check-bundle-size.ts --build  # always builds
 *
 * A route's first load is what the browser fetches to show it on a fresh visit: the entry chunk
 * of index.html with its static imports, plus the chunk(s) the route loads lazily
 * (`lazyRouteComponent(() => import(...))` in src/routes) with their static imports. Chunks are
 * counted once. The graph comes from the build manifest (dist/.vite/manifest.json); the routes
 * and their lazy modules come from the route files, where each `createRoute({...})` names its
 * `path` and imports its page. Sizes are the build's .br twins, the bytes the server sends.
 *
 * dist/ is reused when its manifest is newer than every input of the build (src/, sw/, public/,
 * index.html, vite.config.ts, manifest.webmanifest, package-lock.json), so a check right after a
 * build costs well under a second; otherwise it runs `vite build` (about 10 s on the development
 * machine).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import {
  DEFAULT_BUDGET_BYTES,
  FIRST_LOAD_TARGET_BYTES,
  ROUTE_BUDGET_BYTES,
  TARGET_ROUTES,
} from './bundle-budgets';
import { buildClient, clientIsCurrent, ROOT } from './builds';

const DIST = path.join(ROOT, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const ROUTES_DIR = path.join(ROOT, 'src', 'routes');

/** One chunk of Vite's build manifest (the fields this script reads). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteModules {
  path: string;
  /** Manifest keys (paths from the repository root) of the modules the route imports lazily. */
  lazyModules: string[];
}

function build(): void {
  const started = Date.now();
  buildClient({ quiet: true });
  console.log(`Built the client in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Resolves `../features/x/y` from a route file to its manifest key `src/features/x/y.tsx`. */
function manifestKeyOf(specifier: string, manifest: Manifest): string {
  const base = path.relative(ROOT, path.resolve(ROUTES_DIR, specifier)).split(path.sep).join('/');
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`]) {
    if (manifest[candidate]) return candidate;
  }
  throw new Error(`The build manifest has no chunk for ${specifier} (imported in src/routes)`);
}

/**
 * The routes of src/routes with the modules each imports lazily. A route whose path is a
 * constant rather than a literal is skipped: none of those is lazy today, and the entry's weight
 * is reported for /login anyway.
 */
export function readRoutes(manifest: Manifest): RouteModules[] {
  const routes: RouteModules[] = [];
  for (const file of readdirSync(ROUTES_DIR).filter((name) => /\.tsx?$/.test(name))) {
    const source = readFileSync(path.join(ROUTES_DIR, file), 'utf8');
    for (const block of source.split(/\bcreateRoute\(/).slice(1)) {
      const routePath = /\bpath:\s*'([^']+)'/.exec(block)?.[1];
      if (!routePath) continue;
      const lazyModules = [...block.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) =>
        manifestKeyOf(match[1] ?? '', manifest),
      );
      routes.push({ path: routePath, lazyModules });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

/** The chunk files a load of `keys` fetches: each chunk with its static imports, transitively. */
export function chunkClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const brotliSizes = new Map<string, number>();
function brotliSize(file: string): number {
  const known = brotliSizes.get(file);
  if (known !== undefined) return known;
  const twin = path.join(DIST, `${file}.br`);
  const size = existsSync(twin)
    ? statSync(twin).size
    : brotliCompressSync(readFileSync(path.join(DIST, file)), {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
  brotliSizes.set(file, size);
  return size;
}

const kilobytes = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

function main(): number {
  if (process.argv.includes('--build') || !clientIsCurrent()) build();
  else console.log('dist/ is newer than its sources: measuring it as built.');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest names no entry chunk');
  const entryBytes = [...chunkClosure(manifest, entries)].reduce(
    (sum, file) => sum + brotliSize(file),
    0,
  );

  let failures = 0;
  console.log(`First-load JavaScript per route (brotli), entry alone ${kilobytes(entryBytes)}:`);
  for (const route of readRoutes(manifest)) {
    const files = chunkClosure(manifest, [...entries, ...route.lazyModules]);
    const bytes = [...files].reduce((sum, file) => sum + brotliSize(file), 0);
    const budget = ROUTE_BUDGET_BYTES[route.path] ?? DEFAULT_BUDGET_BYTES;
    const over = bytes > budget;
    if (over) failures += 1;
    // The target is a goal, not a gate: printed beside the budget so a miss stays visible.
    const target = TARGET_ROUTES.has(route.path)
      ? bytes > FIRST_LOAD_TARGET_BYTES
        ? `; target ${kilobytes(FIRST_LOAD_TARGET_BYTES)} missed by ${kilobytes(bytes - FIRST_LOAD_TARGET_BYTES)}`
        : `; target ${kilobytes(FIRST_LOAD_TARGET_BYTES)} met`
      : '';
    console.log(
      `  ${over ? 'OVER' : 'ok  '} ${route.path.padEnd(24)} ${kilobytes(bytes).padStart(9)}` +
        `  (budget ${kilobytes(budget)}, ${files.size} chunks${target})`,
    );
  }
  if (failures > 0) {
    console.error(
      `${failures} route(s) over budget. Move what the route does not need out of its first ` +
        'load, or raise its budget in scripts/bundle-budgets.ts with a reason.',
    );
    return 1;
  }
  return 0;
}

process.exitCode = main();
