/**
 * Starts the shared server of the browser tests: the real server with demo users on a fresh
 * data directory and a free port. Workers find it through E2E_* environment variables (set here,
 * before the workers start). The returned function is the global teardown.
 */
import { rmSync } from 'node:fs';
import { buildClient } from './support/build-client';
import { startServer } from './support/server-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // run-e2e.ts builds once and passes the directory; a bare `npx playwright test` builds here.
  const builtHere = !process.env.E2E_STATIC_DIR;
  const staticDir = process.env.E2E_STATIC_DIR || buildClient();
  process.env.E2E_STATIC_DIR = staticDir;

  const server = await startServer({ staticDir });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_SERVER_LOG = server.logFile;

  return async () => {
    await server.dispose();
    if (builtHere) rmSync(staticDir, { recursive: true, force: true });
  };
}
