import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_TESTS = 'tests/unit';

/**
 * The unit test files that replace a module (`vi.mock`). Without isolation a replaced module
 * stays replaced for every later file in the same worker, and the file that replaces it may get
 * the real one another file loaded first; so these files run isolated, each in a fresh worker.
 */
function unitFilesThatMockModules(): string[] {
  return readdirSync(UNIT_TESTS, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(UNIT_TESTS, file.split(path.sep).join('/')))
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}
const mockingUnitFiles = unitFilesThatMockModules();

/** What both unit projects share. */
const unitBase = {
  // Node by default: building a jsdom costs seconds per file on a busy machine. Files that
  // render or read the DOM say `// @vitest-environment jsdom` on their first line.
  environment: 'node',
  setupFiles: ['tests/support/unit-setup.ts'],
  restoreMocks: true,
  // Room for the 8 s waits of unit-setup.ts on a busy machine; it catches hangs.
  testTimeout: 30_000,
};

/**
 * Three projects: `unit` and `unit-isolated` (browser code, in jsdom where a file asks for it;
 * tests/unit mirrors src/; the second holds the files that replace a module) and `server` (the
 * real server on a real database, tests/server mirrors server/). Sized for a two-core machine: the
 * server tests spend most of their time in scrypt and PGlite, so two workers keep both cores busy
 * without starving the libuv pool that scrypt runs on. Every sign-in costs one scrypt at OWASP
 * parameters (about 0.5 s of CPU), so the timeouts leave room for a busy shared machine; they are
 * there to catch hangs, not to measure speed.
 */
export default defineConfig({
  // Per-checkout cache, as in vite.config.ts: several work trees may share one node_modules.
  cacheDir: '.vite',
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...unitBase,
          name: 'unit',
          include: [`${UNIT_TESTS}/**/*.test.{ts,tsx}`],
          exclude: mockingUnitFiles,
          // The files share each worker's modules, set up once rather than once per file; they
          // leave nothing behind that another file reads (Testing Library unmounts after every
          // test, and the tests of IndexedDB start each from a fresh one). Both unit projects took
          // 40 s against 60 s with every file isolated, from a fresh checkout on a quiet
          // two-core machine, and passed in shuffled orders too.
          isolate: false,
        },
      },
      {
        test: { ...unitBase, name: 'unit-isolated', include: mockingUnitFiles },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
          // The files share each worker's module graph: importing the server (fastify, zod
          // schemas, PGlite) once per worker instead of once per file saves minutes. Safe because
          // the server keeps no module-level state: each test builds its own app, database and
          // metrics registry, and no server test mocks a module.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
