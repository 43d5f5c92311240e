/**
 * System settings in the browser: an administrator changes the lease grace on /settings, and a
 * developer's console, open on /settings in another browser, shows the new value and who changed
 * it without a reload (the /settings socket's push). On a server of its own: the save changes
 * how that server hands out leases.
 */
import type { Browser, Page } from '@playwright/test';
import { SETTINGS } from '../../src/contract/settings';
import { SETTINGS_TEXTS } from '../../src/features/settings/settings-texts';
import {
  type ServerHandle,
  expect,
  notice,
  signIn,
  startExtraServer,
  test,
} from './support/fixtures';

async function pageOn(browser: Browser, server: ServerHandle): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

const grace = SETTINGS.lease_grace_seconds;
const moderation = (page: Page) => page.getByRole('region', { name: 'Moderation' });

test.describe('settings', () => {
  let server: ServerHandle;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('a saved lease grace shows on another open console without a reload', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const developer = await pageOn(browser, server);
    await signIn(developer, 'developer');
    await developer.goto('/settings');
    const watched = moderation(developer).getByLabel(grace.label);
    await expect(watched).toHaveValue(String(grace.default));
    // Marks the document: a reload would lose it.
    await developer.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/settings');
    await expect(
      admin.getByRole('heading', { name: SETTINGS_TEXTS.title, level: 1 }),
    ).toBeVisible();

    await test.step('a value out of range is refused beside the field', async () => {
      await moderation(admin).getByLabel(grace.label).fill('0');
      await moderation(admin).getByRole('button', { name: SETTINGS_TEXTS.save }).click();
      await expect(
        moderation(admin).getByText('Lease grace must be between 1 and 86400 seconds'),
      ).toBeVisible();
    });

    await test.step('the admin saves 45 seconds', async () => {
      await moderation(admin).getByLabel(grace.label).fill('45');
      await moderation(admin).getByRole('button', { name: SETTINGS_TEXTS.save }).click();
      await expect(notice(admin, SETTINGS_TEXTS.saved, 'success')).toBeVisible();
      await expect(moderation(admin).getByText(/Changed by admin, /)).toBeVisible();
    });

    await test.step('the developer console follows without a reload', async () => {
      await expect(watched).toHaveValue('45', { timeout: 15_000 });
      await expect(moderation(developer).getByText(/Changed by admin, /)).toBeVisible();
      expect(
        await developer.evaluate(
          () => (window as unknown as { notReloaded?: boolean }).notReloaded,
        ),
      ).toBe(true);
    });

    await developer.context().close();
    await admin.context().close();
  });

  test('the API key is write-only: the screen says only that it is set', async ({ browser }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/settings');
    const ai = admin.getByRole('region', { name: 'AI provider' });
    const key = ai.getByLabel(/API key/);
    await expect(key).toHaveAttribute('type', 'password');
    await expect(key).toHaveValue('');
    await key.fill('sk-e2e-secret');
    await ai.getByRole('button', { name: SETTINGS_TEXTS.save }).click();
    await expect(notice(admin, SETTINGS_TEXTS.saved, 'success')).toBeVisible();
    await expect(ai.getByLabel(/API key/)).toHaveValue('');
    await expect(ai.getByText(SETTINGS_TEXTS.secretSet, { exact: true })).toBeVisible();
    expect(await admin.content()).not.toContain('sk-e2e-secret');
    await admin.context().close();
  });
});
