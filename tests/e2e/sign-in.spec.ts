/**
 * Signing in. Failure shows the required-field messages of SPEC §5 or the server's
 * message in a notice; success works for every demo role and lands on the first screen the role
 * may open, with exactly the navigation its permissions allow (derived from the route table).
 */
import { LOGIN_TEXTS } from '../../src/contract/auth';
import {
  DEMO_ACCOUNTS,
  expect,
  expectedLanding,
  expectedNavigation,
  mainNavigation,
  notice,
  roleOf,
  routeFor,
  signIn,
  tabTitle,
  test,
} from './support/fixtures';

test.describe('sign-in page', () => {
  test('shows the login form with its title and tab title', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TEXTS.title);
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveTitle(tabTitle('Login'));
  });

  test('an empty submit names both required fields and stays on the page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(LOGIN_TEXTS.usernameRequired)).toBeVisible();
    await expect(page.getByText(LOGIN_TEXTS.passwordRequired)).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    // Filling one field clears only its message at the next submit.
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(LOGIN_TEXTS.usernameRequired)).toBeHidden();
    await expect(page.getByText(LOGIN_TEXTS.passwordRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong credentials show the server message in an error notice', async ({ page }) => {
    await page.goto('/login');
    // An unknown user, so the failures never count against a demo account's throttle.
    await page.getByLabel('Username').fill(`nobody-${test.info().workerIndex}-${Date.now()}`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(notice(page, LOGIN_TEXTS.invalidCredentials, 'error')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('a protected page without a session redirects to the login page', async ({ page }) => {
    await page.goto('/my-profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TEXTS.title);
  });
});

test.describe('sign-in per demo role', () => {
  for (const { username } of DEMO_ACCOUNTS) {
    const role = roleOf(username);
    const drawer = role !== 'operator' && role !== 'demo';

    test(`${username} (${role}) signs in and sees the navigation the role allows`, async ({
      page,
    }) => {
      await signIn(page, username);
      const landing = expectedLanding(username);
      // Live moderation sends a parked user on from /moderation to /park (SPEC §4).
      const acceptable = landing === '/moderation' ? [landing, '/park'] : [landing];
      await expect(async () => {
        const path = new URL(page.url()).pathname;
        expect(acceptable).toContain(path);
        const title = await page.title();
        // On /moderation the title carries the assigned count (SPEC §2).
        if (path === '/moderation') expect(title).toMatch(/ \| Moderation Console$/);
        else expect(title).toBe(tabTitle(routeFor(path)?.title ?? 'Home'));
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();

      const nav = mainNavigation(page);
      if (!drawer) {
        // SPEC §2, §6: operators and the demo role work without the drawer.
        await expect(nav).toHaveCount(0);
        return;
      }
      await expect(nav).toBeVisible();
      const expected = expectedNavigation(username);
      // Every entry the role may open is there, under its (possibly shortened) label (a group's
      // button may share an entry's label: the Services group and the Services screen)...
      for (const item of expected) {
        const entry = nav
          .getByText(item.label, { exact: true })
          .locator('xpath=self::*[not(ancestor-or-self::button)]');
        await expect(entry).toHaveCount(1);
        if (item.title.length > 15) expect(item.label).toBe(`${item.title.slice(0, 15)}...`);
      }
      // ...and nothing else: every link in the drawer is one of them.
      const hrefs = await nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
        );
      expect(hrefs.sort()).toEqual(
        expected
          .map((item) => item.path)
          // The moderation entry is a disabled text, not a link, while its socket is down.
          .filter((path) => path !== '/moderation' || hrefs.includes(path))
          .sort(),
      );
    });
  }
});

test.describe('the console under its security headers', () => {
  test('signs in and opens moderation with no Content-Security-Policy violation', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        // Where it happened: a built chunk and column name the library that tried.
        const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
        console.error(
          `Refused to load: ${event.violatedDirective} ${event.blockedURI} at ${where}`,
        );
      });
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page, 'batch');
    await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();
    // The operator's socket connects (the moderation entry needs it) and the page settles.
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('keeps the session after the browser closes only with "remember me"', async ({ page }) => {
    const sessionCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name.endsWith('mc_session'));
    await signIn(page, 'customer');
    // -1: a browser-session cookie.
    expect((await sessionCookie())?.expires).toBe(-1);

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Username').fill('customer');
    await page.getByLabel('Password').fill('demo');
    await page.getByLabel(LOGIN_TEXTS.rememberMe).check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect((await sessionCookie())?.expires).toBeGreaterThan(Date.now() / 1000 + 3600);
  });
});
