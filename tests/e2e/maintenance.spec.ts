/**
 * Maintenance. A console already open in a browser reloads into the maintenance page of
 * SPEC §2 when its GET /api/auth gets a 503 (SPEC §8), and a server started with MAINTENANCE=1
 * answers page loads with that page and API calls with 503.
 *
 * How maintenance reaches an open console: `npm run maintenance -- on` stores the setting in the
 * database, the server then answers 503, and the console's next GET /api/auth reloads the page
 * into the maintenance page the server serves.
 *
 * PGlite lets one process open a data directory, so the CLI cannot write while the server runs on
 * it. Rather than fake the 503 in the browser (page.route) or depend on a PostgreSQL server, the
 * test stops the server, runs the real CLI on its data directory and starts the server again on
 * the same port: the browser page, its session cookie and its cached user stay as they were.
 * Then the user comes back to the tab a minute later (the page clock moved past the 60 s the
 * current user is cached, and the visibilitychange a browser sends on returning to a tab):
 * TanStack Query refetches /api/auth, gets 503, and the page reloads into the maintenance page.
 * Restarts reuse the data directory, so they are cheaper than fresh servers.
 */
import {
  test as base,
  expect,
  runServerCli,
  signIn,
  startExtraServer,
  type ServerHandle,
} from './support/fixtures';

/** A server of this test's own, as its baseURL; restarted servers reuse its data and port. */
const test = base.extend<{ ownServer: ServerHandle }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it.
    async ({}, use) => {
      const server = await startExtraServer();
      await use(server);
      await server.dispose();
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});

// The service worker serves the maintenance page (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const MAINTENANCE_TEXTS = {
  heading: "We'll Be Right Back!",
  apology: 'We apologize for the incovenience.',
};

test('maintenance: an open console reloads into it; MAINTENANCE=1 serves it with 503', async ({
  page,
  ownServer,
}) => {
  // Three server starts: slower than the other tests.
  test.setTimeout(300_000);
  const restarted: ServerHandle[] = [];
  const restart = async (env: Record<string, string> = {}) => {
    const server = await startExtraServer({
      env,
      dataDir: ownServer.dataDir,
      port: ownServer.port,
    });
    restarted.push(server);
    return server;
  };
  const expectMaintenancePage = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MAINTENANCE_TEXTS.heading);
    await expect(page.getByText(MAINTENANCE_TEXTS.apology)).toBeVisible();
  };

  try {
    await test.step('sign in while the server is up', async () => {
      await page.clock.install();
      // Not an administrator: whoever may change settings works through maintenance.
      await signIn(page, 'customer');
      await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();
    });
    const signedInAt = page.url();

    await test.step('switch maintenance on with the CLI', async () => {
      await ownServer.stop();
      const cli = await runServerCli('server/cli/maintenance.ts', ['on'], ownServer.dataDir);
      expect(cli.code, cli.output).toBe(0);
      expect(cli.output).toContain('Maintenance mode is on');
      await restart();
    });

    await test.step('the next GET /api/auth gets 503 and the page reloads', async () => {
      const auth503 = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth') && response.status() === 503,
      );
      const reloaded = page.waitForResponse(
        (response) => response.request().isNavigationRequest() && response.status() === 503,
      );
      await page.clock.fastForward('01:01');
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await auth503;
      await reloaded;
      await expectMaintenancePage();
      // A reload, not a redirect: the address is still the page the user was on.
      expect(page.url()).toBe(signedInAt);
    });

    await test.step('MAINTENANCE=1 alone (setting off) also serves the page', async () => {
      await restarted.pop()?.stop();
      const cli = await runServerCli('server/cli/maintenance.ts', ['off'], ownServer.dataDir);
      expect(cli.code, cli.output).toBe(0);
      await restart({ MAINTENANCE: '1' });
      for (const path of ['/', '/login', '/my-profile']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(503);
        await expectMaintenancePage();
        await expect(page).toHaveURL(`${ownServer.baseURL}${path}`);
      }
      const api = await page.request.get('/api/auth');
      expect(api.status()).toBe(503);
    });
  } finally {
    for (const server of restarted) await server.stop();
  }
});
