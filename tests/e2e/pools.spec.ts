/**
 * Routing pools and AI services in the browser. An administrator creates a pool with a service
 * and an operator and sees it listed (on a server of its own: the pool changes what the demo
 * operator is routed, which other specs rely on); and tests the built-in AI provider on
 * /aiservices, which shows its answer.
 */
import { AI_TEST_SAMPLE } from '../../src/contract/ai-services';
import { AI_SERVICES_PAGE_TEXTS } from '../../src/features/ai-services/ai-services-texts';
import { POOLS_PAGE_TEXTS } from '../../src/features/pools/pools-texts';
import { UI_TEXTS } from '../../src/ui/ui-texts';
import {
  type ServerHandle,
  expect,
  notice,
  signIn,
  startExtraServer,
  tabTitle,
  test,
} from './support/fixtures';
import { CHAT } from './support/queue';

test.describe('routing pools', () => {
  let server: ServerHandle;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer();
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('an admin creates a pool with a service and an operator and sees it listed', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await signIn(page, 'admin');
    await page.goto('/pools');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(POOLS_PAGE_TEXTS.title);
    await expect(page).toHaveTitle(tabTitle(POOLS_PAGE_TEXTS.title));
    await expect(page.getByText(POOLS_PAGE_TEXTS.empty)).toBeVisible();

    await page.getByRole('button', { name: POOLS_PAGE_TEXTS.newPool }).click();
    const dialog = page.getByTestId('pool-form-dialog');
    // The form checks with the server's schema before anything is sent.
    await dialog.getByRole('button', { name: POOLS_PAGE_TEXTS.create }).click();
    await expect(dialog.getByText('Enter a pool name')).toBeVisible();
    await dialog.getByLabel(POOLS_PAGE_TEXTS.name).fill('Chat desk');
    await dialog.getByLabel(POOLS_PAGE_TEXTS.description).fill('Chat moderation by day');
    await dialog.getByTestId('pool-services').getByLabel(CHAT.name).check();
    await dialog
      .getByTestId('pool-members')
      .getByLabel(/^operator/)
      .check();
    await expect(dialog.getByTestId('pool-services')).toContainText(UI_TEXTS.chosen(1, 2));
    await dialog.getByRole('button', { name: POOLS_PAGE_TEXTS.create }).click();
    await expect(notice(page, POOLS_PAGE_TEXTS.created('Chat desk'))).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('pool-row-Chat desk');
    await expect(row).toContainText('Chat moderation by day');
    await expect(row).toContainText(CHAT.name);
    await expect(row).toContainText('operator');

    // The same name in other letters is refused beside the name field.
    await page.getByRole('button', { name: POOLS_PAGE_TEXTS.newPool }).click();
    await dialog.getByLabel(POOLS_PAGE_TEXTS.name).fill('CHAT DESK');
    await dialog.getByRole('button', { name: POOLS_PAGE_TEXTS.create }).click();
    await expect(dialog.getByText(/already a pool with this name/)).toBeVisible();
    await page.keyboard.press('Escape');
    await context.close();
  });
});

test('the AI services screen tests the built-in provider and shows its answer', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/aiservices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(AI_SERVICES_PAGE_TEXTS.title);
  const local = page.getByTestId('ai-provider-local');
  await expect(local.getByText(AI_SERVICES_PAGE_TEXTS.defaultBadge)).toBeVisible();
  await expect(local.getByLabel(AI_SERVICES_PAGE_TEXTS.testText)).toHaveValue(AI_TEST_SAMPLE);
  await local.getByRole('button', { name: AI_SERVICES_PAGE_TEXTS.test }).click();
  const result = local.getByTestId('ai-test-result');
  await expect(result).toContainText(AI_SERVICES_PAGE_TEXTS.answered);
  await expect(result).toContainText('spam');
  await expect(result).toContainText("'click here'");
  await expect(result).toContainText(/in [\d.,]+ ms/);
});
