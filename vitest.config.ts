import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (browser code, in jsdom where a file asks for it; tests/unit mirrors
 * src/) and `server` (the real server on a real database, tests/server mirrors server/). Sized for a two-core machine: the
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
          name: 'unit',
          // Node by default: building a jsdom costs seconds per file on a busy machine. Files
          // that render or read the DOM say `// @vitest-environment jsdom` on their first line.
          environment: 'node',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/unit-setup.ts'],
          restoreMocks: true,
          // Room for the 8 s waits of unit-setup.ts on a busy machine; it catches hangs.
          testTimeout: 30_000,
        },
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
