/**
 * `npm run test:e2e [-- <playwright args>]`: finds Chromium (installing Debian's package where
 * that is possible), builds the console into a temporary directory so the server under test
 * serves the current code, then runs Playwright with playwright.config.ts. Results: the list on
 * the console and test-results/e2e.json (read by tests/run-all.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildServer } from '../../scripts/builds';
import { buildClient } from './support/build-client';
import { ChromiumMissingError, ensureChromium } from './support/chromium';
import { REPO_ROOT } from './support/server-process';

const require = createRequire(import.meta.url);

async function main(): Promise<number> {
  let chromium: string;
  try {
    chromium = ensureChromium((line) => console.log(line));
  } catch (error) {
    if (error instanceof ChromiumMissingError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  console.log(`Browser tests with ${chromium}`);

  const started = Date.now();
  const staticDir = buildClient();
  // Inside the repository, so the bundle's imports of packages resolve to node_modules.
  mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  const serverDir = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'e2e-server-'));
  const serverBundle = path.join(serverDir, 'main.mjs');
  await buildServer(serverBundle);
  console.log(
    `Console and server built into ${staticDir} and ${serverDir} in ${Date.now() - started} ms`,
  );
  try {
    const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
    const result = spawnSync(
      process.execPath,
      [cli, 'test', '--config', 'playwright.config.ts', ...process.argv.slice(2)],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          CHROMIUM_PATH: chromium,
          E2E_STATIC_DIR: staticDir,
          E2E_SERVER_BUNDLE: serverBundle,
        },
      },
    );
    if (result.error) throw result.error;
    return result.status ?? 1;
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
