/**
 * People and access in the browser: an administrator adds an operator (the one-time password
 * path: no mail leaves a test server), the operator chooses a password and moderates with the
 * chosen max content, which follows the administrator's edit without a new sign-in; and a
 * permission an administrator takes from a role disappears from a signed-in member's
 * navigation without a reload. The tests run in order on a server of their own, so the queue
 * and the roles hold exactly what they put there.
 */
import { CHOOSE_PASSWORD_TEXTS } from '../../src/features/auth/components/choose-password-form';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { ROLES_PAGE_TEXTS } from '../../src/features/roles/roles-texts';
import { USERS_PAGE_TEXTS } from '../../src/features/users/users-texts';
import {
  expect,
  mainNavigation,
  notice,
  profileMenuButton,
  signIn,
  pageOn,
  useOwnServer,
  test,
} from './support/fixtures';
import { CHAT, ingest } from './support/queue';

/** Assignment runs every 3 s on the client; a busy machine is slower. */
const ASSIGNED_TIMEOUT = 20_000;

test.describe('people and access', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('an admin creates an operator, who chooses a password and moderates with the chosen max content', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    await ingest(
      server,
      CHAT,
      Array.from({ length: 6 }, (_, n) => `Queued item ${n + 1}`),
    );
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');

    let password = '';
    await test.step('the admin creates the operator and is shown the one-time password once', async () => {
      await admin.goto('/users');
      await admin.getByRole('button', { name: USERS_PAGE_TEXTS.newUser }).click();
      const dialog = admin.getByTestId('user-form-dialog');
      await expect(dialog.getByText(USERS_PAGE_TEXTS.accessHintPassword)).toBeVisible();
      // The form checks with the server's schema before anything is sent.
      await dialog.getByRole('button', { name: USERS_PAGE_TEXTS.create }).click();
      await expect(dialog.getByText('Enter a username')).toBeVisible();
      await expect(dialog.getByText('Choose a role')).toHaveCount(2); // placeholder and message
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.username).fill('Nina');
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.firstName).fill('Nina');
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.lastName).fill('Newcomer');
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.role).selectOption({ label: 'operator' });
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.maxContent).fill('51');
      await expect(dialog.getByText('Max content is at most 50')).toBeVisible();
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.maxContent).fill('3');
      await dialog.getByRole('button', { name: USERS_PAGE_TEXTS.create }).click();

      const issued = admin.getByTestId('one-time-password-dialog');
      await expect(issued).toBeVisible();
      password = (await issued.getByTestId('one-time-password').innerText()).trim();
      expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
      // Escape does not lose it by accident; Done closes it for good.
      await admin.keyboard.press('Escape');
      await expect(issued).toBeVisible();
      await issued.getByRole('button', { name: USERS_PAGE_TEXTS.done }).click();
      await expect(issued).toBeHidden();
      const row = admin.getByTestId('user-row-Nina');
      await expect(row).toContainText(USERS_PAGE_TEXTS.oneTimePassword);
      await expect(row).toContainText('operator');
    });

    const operator = await pageOn(browser, server);
    await test.step('the operator signs in with it and must choose their own password', async () => {
      await signIn(operator, 'nina', password);
      await expect(operator).toHaveURL(/\/change-password$/);
      await operator.getByLabel(CHOOSE_PASSWORD_TEXTS.current).fill(password);
      await operator.getByLabel(CHOOSE_PASSWORD_TEXTS.next, { exact: true }).fill('nina chooses');
      await operator.getByLabel(CHOOSE_PASSWORD_TEXTS.repeat).fill('nina chooses');
      await operator.getByRole('button', { name: CHOOSE_PASSWORD_TEXTS.submit }).click();
      await expect(notice(operator, CHOOSE_PASSWORD_TEXTS.done)).toBeVisible();
      await expect(operator).toHaveURL(/\/park$/);
    });

    await test.step('moderating, the operator holds exactly max content items', async () => {
      await operator.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
      await expect(operator).toHaveURL(/\/moderation$/);
      await expect(operator.getByTestId('mode-banner')).toContainText(
        MODERATION_TEXTS.maxContent(3),
      );
      await expect(operator.getByRole('article')).toHaveCount(3, { timeout: ASSIGNED_TIMEOUT });
    });

    await test.step('a new max content reaches the operator without a new sign-in', async () => {
      await operator.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      await admin.getByRole('button', { name: USERS_PAGE_TEXTS.editLabel('Nina') }).click();
      const dialog = admin.getByTestId('user-form-dialog');
      await dialog.getByLabel(USERS_PAGE_TEXTS.fields.maxContent).fill('5');
      await dialog.getByRole('button', { name: USERS_PAGE_TEXTS.save }).click();
      await expect(notice(admin, USERS_PAGE_TEXTS.saved('Nina'))).toBeVisible();
      // The notice stands below the top bar: the bar's buttons take a click while it shows.
      await profileMenuButton(admin).click({ timeout: 2_000 });
      await expect(admin.getByRole('menu')).toBeVisible();
      await expect(notice(admin, USERS_PAGE_TEXTS.saved('Nina'))).toBeVisible();
      await admin.keyboard.press('Escape');
      await expect(admin.getByTestId('user-row-Nina')).not.toContainText(
        USERS_PAGE_TEXTS.oneTimePassword,
      );

      await expect(operator.getByTestId('mode-banner')).toContainText(
        MODERATION_TEXTS.maxContent(5),
      );
      await expect(operator.getByRole('article')).toHaveCount(5, { timeout: ASSIGNED_TIMEOUT });
      expect(
        await operator.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      ).toBe(true);
    });

    await admin.context().close();
    await operator.context().close();
  });

  test('a permission taken from a role leaves a signed-in member’s navigation without a reload', async ({
    browser,
  }) => {
    const developer = await pageOn(browser, server);
    await signIn(developer, 'developer');
    const tokensEntry = mainNavigation(developer).getByRole('link', {
      name: /Service API Tok/,
    });
    await expect(tokensEntry).toBeVisible();
    await developer.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/roles-and-permissions');
    const cell = admin.getByTestId('perm-developer-section_service_tokens');
    await expect(cell).toBeChecked();
    // What makes a built-in role work is shown ticked and locked.
    await expect(admin.getByTestId('perm-admin-section_users')).toBeDisabled();
    await expect(admin.getByTestId('perm-admin-section_users')).toBeChecked();

    await cell.uncheck();
    await expect(admin.getByTestId('unsaved-changes')).toHaveText(ROLES_PAGE_TEXTS.unsaved(1, 1));
    await admin.getByRole('button', { name: ROLES_PAGE_TEXTS.save }).click();
    await expect(notice(admin, ROLES_PAGE_TEXTS.saved(['developer']))).toBeVisible();
    await expect(admin.getByTestId('unsaved-changes')).toHaveText(ROLES_PAGE_TEXTS.noChanges);

    await expect(tokensEntry).toHaveCount(0);
    await expect(mainNavigation(developer).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(
      await developer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    // The screen itself is gone for them too.
    await developer.goto('/service-tokens');
    await expect(developer.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await admin.context().close();
    await developer.context().close();
  });
});
