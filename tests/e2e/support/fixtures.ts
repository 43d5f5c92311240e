/**
 * What every browser test uses: `test` bound to the shared server (baseURL), the server's log,
 * and helpers that act as a user does (sign in through the form, open the profile menu, read a
 * notice). Expectations come from src/contract, so they follow the route table as screens are
 * added.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { ROLE_PERMISSIONS } from '../../../src/contract/permissions';
import {
  IMPLEMENTED_ROUTES,
  ROUTE_TABLE,
  landingPath,
  navLabel,
  routeFor,
  tabTitle,
  type RouteEntry,
} from '../../../src/contract/routes';
import { TestClient } from '../../support/test-client';
import { startServer, type ServerHandle, type ServerOptions } from './server-process';

export { runServerCli } from './server-process';

export { expect };

export const DEMO_PASSWORD = 'demo';

/** The demo users and the role each has. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', role: 'admin' },
  { username: 'developer', role: 'developer' },
  { username: 'operator', role: 'operator' },
  { username: 'batch', role: 'operator' },
  { username: 'customer', role: 'customer' },
  { username: 'demo', role: 'demo' },
] as const;
export type DemoUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

export function roleOf(username: DemoUsername): string {
  return DEMO_ACCOUNTS.find((account) => account.username === username)?.role ?? username;
}

export function permissionsOf(username: DemoUsername): readonly string[] {
  return ROLE_PERMISSIONS[roleOf(username)] ?? [];
}

/** Routes this version has a screen for that the user may open (SPEC §2). */
export function openableRoutes(username: DemoUsername): RouteEntry[] {
  const permissions = permissionsOf(username);
  return ROUTE_TABLE.filter(
    (route) => IMPLEMENTED_ROUTES.includes(route.path) && permissions.includes(route.permission),
  );
}

/** The navigation entries the user should see: openable routes not hidden from navigation. */
export function expectedNavigation(username: DemoUsername) {
  return openableRoutes(username)
    .filter((route) => route.placement !== 'hidden')
    .map((route) => ({ ...route, label: navLabel(route.title) }));
}

export function expectedLanding(username: DemoUsername): string {
  return landingPath(permissionsOf(username));
}

export { routeFor, tabTitle };

function environment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with playwright.config.ts`);
  return value;
}

/** The server's log so far (stdout and stderr). */
export function readSharedServerLog(): string {
  return readFileSync(environment('E2E_SERVER_LOG'), 'utf8');
}

/** The newest password-reset link in a server log, if any. */
export function lastResetLink(log: string): string | undefined {
  const links = log.match(/https?:\/\/[^\s"]+\/reset-password\?token=[A-Za-z0-9_-]+/g);
  return links?.at(-1);
}

/** Waits until the log has a reset link other than `previous`, and answers it. */
export async function waitForResetLink(readLog: () => string, previous?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = lastResetLink(readLog());
        return link !== undefined && link !== previous;
      },
      { message: 'a password-reset link in the server log' },
    )
    .toBe(true);
  return link as string;
}

/** Another server process with its own data directory, for tests that change shared state. */
export function startExtraServer(
  options: Omit<ServerOptions, 'staticDir'> & { staticDir?: string } = {},
) {
  return startServer({ ...options, staticDir: options.staticDir ?? environment('E2E_STATIC_DIR') });
}

/**
 * A server of the enclosing describe's own, for tests that change state the other files rely on
 * (passwords, roles, the queue): started before the describe's first test, removed after its
 * last. The answer stands for that server; read it only inside hooks and tests.
 */
export function useOwnServer(options: Parameters<typeof startExtraServer>[0] = {}): ServerHandle {
  let server: ServerHandle | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer(options);
  });
  test.afterAll(async () => {
    await server?.dispose();
  });
  return new Proxy({} as ServerHandle, {
    get(_target, key) {
      if (!server) throw new Error('the server of this describe is not running');
      const value: unknown = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}

/** A page in a browser context of its own on `server`: another device or person. */
export async function pageOn(
  browser: Browser,
  server: ServerHandle,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: server.baseURL });
  return context.newPage();
}

/** A copy of the built console a test may change (a new deployment); the caller removes it. */
export function copyBuiltConsole(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-static-'));
  cpSync(environment('E2E_STATIC_DIR'), copy, { recursive: true });
  return copy;
}
export type { ServerHandle };

/** A notice (toast) of SPEC §8 with this text. */
export function notice(page: Page, text: string | RegExp, type?: 'success' | 'error'): Locator {
  const selector = type ? `[data-sonner-toast][data-type="${type}"]` : '[data-sonner-toast]';
  return page.locator(selector).filter({ hasText: text });
}

/** Signs in through the login form and waits for the landing page. */
export async function signIn(
  page: Page,
  username: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The page's signed-in session as a protocol client (tests/support/protocol.ts), for API steps
 * beside the browser: the same cookies, so the server sees the same user.
 */
export async function pageClient(page: Page): Promise<TestClient> {
  const baseUrl = new URL(page.url()).origin;
  const client = new TestClient(baseUrl);
  for (const cookie of await page.context().cookies(baseUrl)) {
    client.setCookie(cookie.name, cookie.value);
  }
  return client;
}

export function profileMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Profile menu for / });
}

/** Opens the profile menu and answers the menu. */
export async function openProfileMenu(page: Page): Promise<Locator> {
  await profileMenuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export const test = base.extend<{ serverLog: () => string; closeOpenedContexts: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it.
  baseURL: async ({}, use) => {
    await use(environment('E2E_BASE_URL'));
  },
  // eslint-disable-next-line no-empty-pattern -- as above.
  serverLog: async ({}, use) => {
    await use(readSharedServerLog);
  },
  /**
   * Closes every browser context the test opened (pageOn, browser.newContext) when it ends,
   * passed or failed. The browser lives as long as the worker, so a context left open kept its
   * console running through every later test: polling, and reconnecting to servers already
   * stopped. In one CI run a worker's browser held 33 contexts late in the run, and the
   * machine's load average stayed at 12 to 15 on two cores. Playwright still saves the trace
   * and failure screenshots of a context closed here.
   */
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
