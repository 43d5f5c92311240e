/**
 * Forgot password end to end (request, the link from the server log, a new password,
 * the old one refused, the link single-use) and changing the password on /my-profile. These
 * change demo users' passwords, so the file runs on its own server, not the shared one.
 */
import type { Page } from '@playwright/test';
import { FORGOT_PASSWORD_TEXTS, LOGIN_TEXTS } from '../../src/contract/auth';
import {
  DEMO_PASSWORD,
  test as base,
  expect,
  lastResetLink,
  notice,
  openProfileMenu,
  signIn,
  startExtraServer,
  tabTitle,
  waitForResetLink,
  type ServerHandle,
} from './support/fixtures';

const test = base.extend<object, { ownServer: ServerHandle }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from it.
    async ({}, use) => {
      const server = await startExtraServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});

// Both tests share one server, in one worker, in this order.
test.describe.configure({ mode: 'default' });

const RESET_LINK_USED = /expired or was already used/;

test('forgot password: request a link, set a new password, the link works once', async ({
  page,
  ownServer,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORGOT_PASSWORD_TEXTS.title);
  await expect(page.getByText(FORGOT_PASSWORD_TEXTS.hint)).toBeVisible();
  await expect(page).toHaveTitle(tabTitle('Forgot password'));

  // SPEC §5: an empty address gets its notice (the request is still posted).
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(notice(page, FORGOT_PASSWORD_TEXTS.emailRequired, 'error')).toBeVisible();

  const previousLink = lastResetLink(ownServer.readLog());
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(notice(page, FORGOT_PASSWORD_TEXTS.success, 'success')).toBeVisible();

  // Without SMTP_URL the mail, link included, goes to the server log.
  const link = await waitForResetLink(ownServer.readLog, previousLink);
  expect(new URL(link).origin).toBe(ownServer.baseURL);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page).toHaveTitle(tabTitle('Reset password'));
  await expect(page.getByText('For user admin')).toBeVisible();

  const newPassword = 'a new admin passphrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords do not match');

  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page, /password has been changed/, 'success')).toBeVisible();

  // The old password no longer works...
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notice(page, LOGIN_TEXTS.invalidCredentials, 'error')).toBeVisible();
  // ...the new one does.
  await signIn(page, 'admin', newPassword);
  await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();

  // The link was for one use only.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(RESET_LINK_USED);
  await expect(page.getByRole('button', { name: 'Set password' })).toHaveCount(0);
});

test('forgot password: an unknown address gets the same answer and no link', async ({
  page,
  ownServer,
}) => {
  const before = ownServer.readLog();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  // The answer reveals nothing about which addresses have accounts.
  await expect(notice(page, FORGOT_PASSWORD_TEXTS.success, 'success')).toBeVisible();
  expect(lastResetLink(ownServer.readLog().slice(before.length))).toBeUndefined();
});

test('change password on /my-profile: the current password is checked', async ({ page }) => {
  await signIn(page, 'developer');
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.locator('dt', { hasText: 'Username' }).locator('+ dd')).toHaveText('developer');

  const newPassword = 'a new developer passphrase';
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const repeat = page.getByLabel('Repeat the new password');
  const submit = page.getByRole('button', { name: 'Change password' });

  await next.fill('short');
  await repeat.fill('short');
  await submit.click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await expect(page.getByText('The new password needs at least 8 characters')).toBeVisible();

  await current.fill('not my password');
  await next.fill(newPassword);
  await repeat.fill(newPassword);
  await submit.click();
  await expect(page.getByText('The current password is not correct')).toBeVisible();

  await current.fill(DEMO_PASSWORD);
  await submit.click();
  await expect(notice(page, 'Your password has been changed.', 'success')).toBeVisible();
  await expect(current).toHaveValue('');

  // Signed out, the old password fails and the new one works.
  const menu = await openProfileMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('developer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(notice(page, LOGIN_TEXTS.invalidCredentials, 'error')).toBeVisible();
  await signIn(page, 'developer', newPassword);
  await expect(page.getByRole('button', { name: /^Profile menu for / })).toBeVisible();
});

test('a password changed on one device signs the other device’s open console out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A server of its own: the tests above change the admin's password on the shared one.
  const server = await startExtraServer();
  const devices = await Promise.all(
    [0, 1].map(async () => (await browser.newContext({ baseURL: server.baseURL })).newPage()),
  );
  const [here, elsewhere] = devices as [Page, Page];
  for (const page of devices) await signIn(page, 'admin');
  await elsewhere.goto('/users');
  await expect(elsewhere.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  await here.goto('/my-profile');
  await here.getByLabel('Current password').fill(DEMO_PASSWORD);
  await here.getByLabel('New password', { exact: true }).fill('an admin passphrase');
  await here.getByLabel('Repeat the new password').fill('an admin passphrase');
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(notice(here, 'Your password has been changed.', 'success')).toBeVisible();

  // No reload and no click on the other device: its console follows the server.
  await expect(elsewhere).toHaveURL(/\/login/);
  await expect(here).toHaveURL(/\/my-profile$/);
  for (const page of devices) await page.context().close();
  await server.dispose();
});
