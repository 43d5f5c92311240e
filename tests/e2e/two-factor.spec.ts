/**
 * Two-factor sign-in in the browser: a developer sets it up on the profile (the key read from
 * the screen, codes made as an authenticator app makes them), signs out and signs in with
 * password and code; and a role an administrator marks as requiring it sends its user to the
 * setup screen at sign-in, and nowhere else until it is done. On a server of its own, so the
 * shared demo accounts keep signing in with a password.
 */
import type { Page } from '@playwright/test';
import { TWO_FACTOR_SETUP_PATH } from '../../src/contract/routes';
import { SECOND_FACTOR_TEXTS } from '../../src/features/auth/components/second-factor-form';
import { ROLES_PAGE_TEXTS } from '../../src/features/roles/roles-texts';
import { TWO_FACTOR_UI_TEXTS } from '../../src/features/two-factor/two-factor-texts';
import {
  expect,
  notice,
  openProfileMenu,
  signIn,
  pageOn,
  useOwnServer,
  test,
} from './support/fixtures';
import { codeFor, confirmShownKey, leaveRecoveryCodes } from './support/two-factor';

/** Sets up with the shown key and leaves the recovery codes; answers the key. */
async function setUpOn(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: TWO_FACTOR_UI_TEXTS.qrLabel })).toBeVisible();
  const secret = await confirmShownKey(page);
  await leaveRecoveryCodes(page);
  return secret;
}

test.describe('two-factor sign-in', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('a developer sets it up on the profile, signs out and signs in with password and code', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    await signIn(page, 'developer');
    await page.goto('/my-profile');
    const section = page.getByRole('region', { name: TWO_FACTOR_UI_TEXTS.section });
    await expect(section.getByText(TWO_FACTOR_UI_TEXTS.statusOff, { exact: true })).toBeVisible();
    await section.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.setUp }).click();
    await expect(page.getByRole('dialog', { name: TWO_FACTOR_UI_TEXTS.setupTitle })).toBeVisible();
    const secret = await setUpOn(page);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(section.getByText(TWO_FACTOR_UI_TEXTS.statusOn, { exact: true })).toBeVisible();
    await expect(section.getByText(TWO_FACTOR_UI_TEXTS.recoveryLeft)).toBeVisible();

    const menu = await openProfileMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByLabel('Username').fill('developer');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel(SECOND_FACTOR_TEXTS.code);
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    // Still no session: the password alone opened nothing.
    expect((await page.context().cookies()).some((c) => c.name.endsWith('mc_session'))).toBe(false);
    await code.fill('000000');
    await page.getByRole('button', { name: SECOND_FACTOR_TEXTS.submit }).click();
    await expect(page.getByText(/That code is not correct/)).toBeVisible();
    // The step after the one that confirmed the setup: each code works once.
    await code.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: SECOND_FACTOR_TEXTS.submit }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.context().close();
  });

  test('a role that requires it sends its user to the setup screen until it is done', async ({
    browser,
  }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/roles-and-permissions');
    const toggle = admin.getByRole('switch', { name: ROLES_PAGE_TEXTS.twoFactorLabel('customer') });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(notice(admin, ROLES_PAGE_TEXTS.twoFactorSaved('customer', true))).toBeVisible();
    await expect(toggle).toBeChecked();

    const page = await pageOn(browser, server);
    await signIn(page, 'customer');
    await page.waitForURL((url) => url.pathname === TWO_FACTOR_SETUP_PATH);
    await expect(page.getByText(TWO_FACTOR_UI_TEXTS.forcedIntro)).toBeVisible();
    // Nothing else opens: an address typed in comes back here.
    await page.goto('/my-profile');
    await page.waitForURL((url) => url.pathname === TWO_FACTOR_SETUP_PATH);
    await setUpOn(page);
    await page.waitForURL((url) => url.pathname !== TWO_FACTOR_SETUP_PATH);

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await admin.context().close();
    await page.context().close();
  });
});
