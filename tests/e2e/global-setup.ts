/**
 * Starts the shared server of the browser tests: the real server with demo users on a fresh
 * data directory (a copy of the run's template, made here) and a free port. Workers find it
 * through E2E_* environment variables (set here, before the workers start). The returned
 * function is the global teardown.
 */
import { rmSync } from 'node:fs';
import { buildClient } from './support/build-client';
import { startServer } from './support/server-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // run-e2e.ts builds once and passes the directory; a bare `npx playwright test` builds here.
  const builtHere = !process.env.E2E_STATIC_DIR;
  const staticDir = process.env.E2E_STATIC_DIR || buildClient();
  process.env.E2E_STATIC_DIR = staticDir;

  // A fresh server's data, migrated and seeded once: every server of the run starts from a copy.
  const template = await startServer({ staticDir });
  await template.stop();
  process.env.E2E_DATA_TEMPLATE = template.dataDir;

  const server = await startServer({ staticDir });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;

  return async () => {
    await server.dispose();
    await template.dispose();
    if (builtHere) rmSync(staticDir, { recursive: true, force: true });
  };
}
