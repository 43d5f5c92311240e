/**
 * Pictures for a human review of the sign-in and shell screens in both themes, not assertions
 * about pixels. Runs only as the `screenshots` project: E2E_SCREENSHOTS=1 npm run test:e2e --
 * --project screenshots. Files land in test-results/screenshots/.
 */
import type { Page } from '@playwright/test';
import { FORGOT_PASSWORD_TEXTS } from '../../src/contract/auth';
import { ROLES_PAGE_TEXTS } from '../../src/features/roles/roles-texts';
import { USERS_PAGE_TEXTS } from '../../src/features/users/users-texts';
import {
  expect,
  notice,
  openProfileMenu,
  signIn,
  test,
  waitForResetLink,
  lastResetLink,
} from './support/fixtures';

const DIR = 'test-results/screenshots';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme, viewport: { width: 1280, height: 800 } });
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${DIR}/${name}-${colorScheme}.png` });

    test('public screens', async ({ page, serverLog }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Enter your username')).toBeVisible();
      await shot(page, 'login-errors');

      await page.goto('/forgot-password');
      await expect(page.getByText(FORGOT_PASSWORD_TEXTS.hint)).toBeVisible();
      await shot(page, 'forgot-password');
      const previous = lastResetLink(serverLog());
      await page.getByLabel('Email').fill('customer@example.com');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(notice(page, FORGOT_PASSWORD_TEXTS.success)).toBeVisible();
      await shot(page, 'forgot-password-sent');

      await page.goto(await waitForResetLink(serverLog, previous));
      await expect(page.getByText('For user customer')).toBeVisible();
      await shot(page, 'reset-password');
      await page.goto('/reset-password?token=not-a-token');
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, 'reset-password-expired');
    });

    test('admin screens', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/my-profile');
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      await shot(page, 'profile');
      await openProfileMenu(page);
      await shot(page, 'shell-admin-menu');
      await page.keyboard.press('Escape');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await shot(page, 'not-found');
    });

    test('people screens', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/users');
      await expect(
        page.getByRole('heading', { name: USERS_PAGE_TEXTS.title, level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId('user-row-operator')).toBeVisible();
      await shot(page, 'users');
      await page.getByRole('button', { name: USERS_PAGE_TEXTS.newUser }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, 'users-new-dialog');
      await page.keyboard.press('Escape');
      await page.goto('/roles-and-permissions');
      await expect(page.getByText(ROLES_PAGE_TEXTS.matrixTitle).first()).toBeVisible();
      await shot(page, 'roles');
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.reload();
      await expect(page.getByText(ROLES_PAGE_TEXTS.matrixTitle).first()).toBeVisible();
      await shot(page, 'roles-tablet');
      await page.goto('/users');
      await expect(page.getByTestId('user-row-operator')).toBeVisible();
      await shot(page, 'users-tablet');
    });

    test('operator and developer shell', async ({ page }) => {
      await signIn(page, 'operator');
      await openProfileMenu(page);
      await shot(page, 'shell-operator-menu');
      await page.context().clearCookies();
      await signIn(page, 'developer');
      await openProfileMenu(page);
      await expect(page.getByText('Socket connections')).toBeVisible();
      await shot(page, 'shell-developer-menu');
    });
  });
}
