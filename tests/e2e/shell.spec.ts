/**
 * The signed-in shell (SPEC §2 Shell, §6). Operator's minimal top bar, the profile menu per
 * role (and pressed before its code arrived), the developer's socket list, not-found for a
 * route the role may not open, the theme and signing out.
 */
import type { Page } from '@playwright/test';
import { LOGIN_TEXTS } from '../../src/contract/auth';
import { NAMESPACES } from '../../src/contract/socket-events';
import { MODERATING_TEXTS } from '../../src/features/shell/profile-menu-texts';
import {
  type DemoUsername,
  expect,
  openProfileMenu,
  profileMenuButton,
  roleOf,
  signIn,
  tabTitle,
  test,
} from './support/fixtures';

test.describe('top bar', () => {
  for (const username of ['operator', 'batch'] as const) {
    test(`${username} sees the minimal bar: 'Parked' away from /moderation`, async ({ page }) => {
      await signIn(page, username);
      const bar = page.getByRole('banner');
      await expect(bar).toContainText('Parked');
      await expect(bar).not.toContainText('You are currently Moderating');
      await expect(bar.getByRole('button', { name: /Park|Resume/ })).toHaveCount(0);
    });
  }
});

test.describe('profile menu', () => {
  const cases: { username: DemoUsername; profileLink: boolean; socketList: boolean }[] = [
    { username: 'admin', profileLink: true, socketList: false },
    { username: 'developer', profileLink: true, socketList: true },
    { username: 'operator', profileLink: false, socketList: false },
    { username: 'customer', profileLink: false, socketList: false },
  ];
  for (const { username, profileLink, socketList } of cases) {
    test(`${username}: theme toggle, Logout${profileLink ? ', Profile' : ', no Profile'}${socketList ? ', socket statuses' : ''}`, async ({
      page,
    }) => {
      await signIn(page, username);
      const menu = await openProfileMenu(page);
      await expect(menu).toContainText(`Signed in as ${username} (${roleOf(username)})`);
      await expect(menu.getByRole('menuitem', { name: /^(Dark|Light) theme$/ })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveCount(
        profileLink ? 1 : 0,
      );
      await expect(menu.getByText('Socket connections')).toHaveCount(socketList ? 1 : 0);
      if (socketList) {
        // One row per namespace; once the sockets are up every one of them says so.
        for (const namespace of Object.values(NAMESPACES)) {
          await expect(menu.getByText(namespace, { exact: true })).toBeVisible();
          await expect(page.getByTestId(`socket-status-${namespace.slice(1)}`)).toHaveText(
            /(?<!dis)connected$/,
          );
        }
        // SPEC §7 user-logged-status: no tab of this user moderates.
        await expect(page.getByTestId('moderating-status')).toHaveText(
          `${MODERATING_TEXTS.label}${MODERATING_TEXTS.no}`,
        );
      }
      if (profileLink) {
        await menu.getByRole('menuitem', { name: 'Profile' }).click();
        await expect(page).toHaveURL(/\/my-profile$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
        await expect(page).toHaveTitle(tabTitle('Profile'));
      }
    });
  }
});

test.describe('the profile menu, loaded after the first paint', () => {
  // The page's own requests must reach the route below: a service worker would answer them
  // from its cache.
  test.use({ serviceWorkers: 'block' });

  test('opens when pressed before its code arrived, and focus stays on its button', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/profile-menu-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await signIn(page, 'admin');
    await expect.poll(() => asked).toBe(true);
    const button = profileMenuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);

    release();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(profileMenuButton(page)).toBeFocused();
  });
});

test.describe('routes a role may not open', () => {
  const cases: { username: DemoUsername; path: string }[] = [
    { username: 'operator', path: '/my-profile' },
    { username: 'customer', path: '/my-profile' },
    { username: 'demo', path: '/my-profile' },
    { username: 'admin', path: '/no-such-page' },
  ];
  for (const { username, path } of cases) {
    test(`${username} typing ${path} into the address bar gets the not-found page`, async ({
      page,
    }) => {
      await signIn(page, username);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(tabTitle('Page not found'));
      await expect(page).toHaveURL((url) => url.pathname === path);
    });
  }
});

test.describe('theme', () => {
  async function isDark(page: Page) {
    return page.evaluate(() => document.documentElement.classList.contains('dark'));
  }
  async function storedTheme(page: Page) {
    return page.evaluate(() => localStorage.getItem('theme'));
  }

  test.describe('system prefers light', () => {
    test.use({ colorScheme: 'light' });

    test('starts light, a dark choice is stored and survives a reload', async ({ page }) => {
      await signIn(page, 'admin');
      expect(await isDark(page)).toBe(false);
      expect(await storedTheme(page)).toBeNull();

      const menu = await openProfileMenu(page);
      await menu.getByRole('menuitem', { name: 'Dark theme' }).click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await storedTheme(page)).toBe('dark');

      await page.reload();
      await expect(profileMenuButton(page)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await storedTheme(page)).toBe('dark');
      // The menu now offers the way back.
      const reopened = await openProfileMenu(page);
      await expect(reopened.getByRole('menuitem', { name: 'Light theme' })).toBeVisible();
    });
  });

  test.describe('system prefers dark', () => {
    test.use({ colorScheme: 'dark' });

    test('starts dark, a light choice is stored and survives a reload', async ({ page }) => {
      await page.goto('/login');
      // The default follows the system before anyone signs in, too.
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await signIn(page, 'admin');
      expect(await storedTheme(page)).toBeNull();

      const menu = await openProfileMenu(page);
      await menu.getByRole('menuitem', { name: 'Light theme' }).click();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(await storedTheme(page)).toBe('light');

      await page.reload();
      await expect(profileMenuButton(page)).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      expect(await storedTheme(page)).toBe('light');
    });
  });
});

test('sign-out returns to the login page and protected pages then redirect there', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TEXTS.title);

  await page.goto('/my-profile');
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too, not only in this page.
  const status = await page.evaluate(async () => (await fetch('/api/auth')).status);
  expect(status).toBe(401);
});

test('the drawer gives the page its room when the window turns narrow, and comes back when wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  const keepOpen = drawer.getByRole('button', { name: 'Keep navigation open' });
  const collapse = drawer.getByRole('button', { name: 'Collapse navigation' });
  await expect(collapse).toBeVisible();
  // A tablet turned upright: the full drawer would cover the page.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(keepOpen).toBeAttached();
  // The drawer narrows with a transition: the page's room is the gap once it has settled.
  const page_ = page.locator('main').locator('> div');
  await expect
    .poll(async () => {
      const [drawerBox, mainBox] = [await drawer.boundingBox(), await page_.boundingBox()];
      return drawerBox && mainBox ? mainBox.x - (drawerBox.x + drawerBox.width) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(collapse).toBeVisible();
});

test('without the moderation socket the drawer’s Moderation entry says why when pointed at', async ({
  page,
}) => {
  // No socket can connect: the console cannot take items, so Moderation is not a link.
  await page.route('**/socket.io/**', (route) => route.abort());
  await signIn(page, 'admin');
  const entry = page.getByTestId('nav-moderation-unavailable');
  await expect(entry).toHaveAttribute('title', 'Moderation is currently unavailable.');
  await entry.hover();
  // The pointer reaches the entry itself (its title is the tooltip), not what lies behind it.
  const box = await entry.boundingBox();
  if (!box) throw new Error('the Moderation entry has no box');
  const underPointer = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
    // Its icon, which stays put while a hover widens the drawer.
    { x: box.x + 16, y: box.y + box.height / 2 },
  );
  expect(underPointer).toBe('nav-moderation-unavailable');
  const before = page.url();
  await entry.click();
  await expect(page).toHaveURL(before);
});
