import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, ChromiumMissingError, findChromium } from './tests/e2e/support/chromium';

/**
 * Browser tests: Chromium against the real server (started by tests/e2e/global-setup.ts).
 * `npm run test:e2e` (tests/e2e/run-e2e.ts) finds or installs Chromium, builds the console and
 * runs this. Two workers for a two-core machine; no retries, because a test that needs one is a
 * bug. E2E_SCREENSHOTS=1 adds the `screenshots` project, which only takes pictures for review.
 */
const executablePath = findChromium();
if (!executablePath) {
  throw new ChromiumMissingError(
    'No Chromium found: run `npm run test:e2e`, which installs one where it can, or set CHROMIUM_PATH.',
  );
}

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties outputDir at start: keep it apart from other reports in test-results/.
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // A safety net for a hung run, not a target: the shared two-core machine has needed from 10 to
  // over 25 minutes for a healthy run, as other jobs load it.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // DOM snapshots without the screencast: enough to debug a failure, cheaper on a busy machine.
    // E2E_TRACE=off (as `npm test` sets it) records none: recording costs about a fifth of the
    // run's time.
    trace: {
      mode: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
      screenshots: false,
    },
    screenshot: 'only-on-failure',
    // No service worker unless a spec asks for one (offline, maintenance, the API reference's
    // worker test): installing it precaches all 144 assets of the build in every new context,
    // and it changes only where assets come from and what a failed navigation shows, which
    // those specs test. Measured on shell, people and sign-in (29 tests): 13 % less CPU.
    serviceWorkers: 'block',
    // The console's spinners and skeletons keep still under reduced motion, as the system
    // setting asks; spinning, each one had the browser draw frames for as long as it showed
    // (an operator's empty queue shows one indefinitely).
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'chromium', testIgnore: /screenshots\.spec\.ts/, use: chromium },
    ...(process.env.E2E_SCREENSHOTS
      ? [{ name: 'screenshots', testMatch: /screenshots\.spec\.ts/, use: chromium }]
      : []),
  ],
});
