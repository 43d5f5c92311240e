/**
 * The moderation history in the browser: an operator decides items through the console, an
 * administrator finds one on /modhistory by its id and reads its timings and its delivery to the
 * demo receiver, then links the customer to one service on /users, and the customer sees that
 * service's decisions on /customer-moderation and nothing of the other.
 */
import type { Page } from '@playwright/test';
import { MODERATION_TEXTS, moderationEndpoints } from '../../src/contract/content';
import { historyEndpoints } from '../../src/contract/history';
import { HISTORY_TEXTS } from '../../src/features/history/history-texts';
import { USERS_PAGE_TEXTS } from '../../src/features/users/users-texts';
import { expect, notice, pageClient, pageOn, signIn, test, useOwnServer } from './support/fixtures';
import { seriousFindings } from './support/axe';
import { CHAT, SOCIAL, ingest } from './support/queue';

/** Assignment runs every 3 s on the client; a busy machine is slow. */
const ASSIGNED_TIMEOUT = 20_000;

/** The operator loads the item on their screen, tags it with its first tag and submits it. */
async function decide(page: Page, id: number): Promise<void> {
  const card = page.getByRole('article', { name: new RegExp(`^#${id} · `) });
  await expect(card).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
  // Loading records the time the item reached the screen: wait until the server has it.
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith(moderationEndpoints.moderatedTime.path) && response.ok(),
  );
  await card.getByRole('button', { name: 'Click to show text' }).click();
  await loaded;
  await card.locator('button[aria-pressed]').first().click();
  await page.getByRole('button', { name: `Submit item ${id}`, exact: true }).click();
  await expect(card).toBeHidden();
}

test.describe('moderation history', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();
  let chatItem = 0;
  let socialItem = 0;

  test('an admin finds a decided item by its id, with its timings and delivery attempt', async ({
    browser,
  }) => {
    [chatItem = 0] = await ingest(server, CHAT, ['A chat message for the history']);
    [socialItem = 0] = await ingest(server, SOCIAL, ['A social post for the history']);

    const operator = await pageOn(browser, server);
    await signIn(operator, 'operator');
    await expect(operator).toHaveURL(/\/park$/);
    await operator.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
    await expect(operator).toHaveURL(/\/moderation$/);
    await decide(operator, chatItem);
    await decide(operator, socialItem);
    await operator.context().close();

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    // The demo receiver answers the delivery within a moment of the decision.
    const client = await pageClient(admin);
    await expect
      .poll(async () => {
        const item = await client.call(historyEndpoints.detail, { params: { id: chatItem } });
        return item.status === 200 ? item.body.data.delivery?.attempts.length : 0;
      })
      .toBeGreaterThan(0);

    await admin.goto('/modhistory');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(HISTORY_TEXTS.titles.staff);
    await admin.getByLabel(HISTORY_TEXTS.itemFilter).fill(String(chatItem));
    await expect(admin).toHaveURL(new RegExp(`content_id=${chatItem}`));
    await expect(admin.getByTestId(/^history-\d+$/)).toHaveCount(1);
    const row = admin.getByTestId(`history-${chatItem}`);
    await expect(row).toContainText(CHAT.name);
    await expect(row).toContainText('operator');
    expect(await seriousFindings(admin)).toEqual([]);

    await admin.getByRole('link', { name: HISTORY_TEXTS.openItem(chatItem), exact: true }).click();
    await expect(admin).toHaveURL(new RegExp(`item=${chatItem}`));
    const drawer = admin.getByTestId('history-drawer');
    await expect(
      drawer.getByRole('heading', { name: HISTORY_TEXTS.itemTitle(chatItem, CHAT.name) }),
    ).toBeVisible();
    const timings = drawer.getByTestId('history-timings');
    for (const step of ['arrived_at', 'assigned_at', 'loaded_at', 'decided_at'] as const) {
      await expect(
        timings.getByRole('listitem').filter({ hasText: HISTORY_TEXTS.steps[step] }),
      ).not.toContainText(HISTORY_TEXTS.stepMissing);
    }
    await expect(timings).toContainText('+');
    await expect(drawer.getByTestId('history-delivery-status')).toHaveText(
      HISTORY_TEXTS.deliveryStatus.delivered,
    );
    await expect(drawer.getByTestId('history-attempts')).toContainText('200');
    expect(await seriousFindings(admin)).toEqual([]);
    // The content shows on a click, through the moderation screen's viewer.
    await drawer.getByRole('button', { name: 'Click to show text' }).click();
    await expect(drawer.getByText('A chat message for the history')).toBeVisible();

    // A link keeps the item: reloading opens the drawer again; Escape closes it.
    await admin.reload();
    await expect(admin.getByTestId('history-drawer')).toBeVisible();
    await admin.keyboard.press('Escape');
    await expect(admin.getByTestId('history-drawer')).toBeHidden();
    await expect(admin).not.toHaveURL(/item=/);
    await admin.context().close();
  });

  test("the customer sees its linked service's decisions and not the others", async ({
    browser,
  }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/users');
    await admin.getByRole('button', { name: USERS_PAGE_TEXTS.editLabel('customer') }).click();
    const dialog = admin.getByTestId('user-form-dialog');
    await dialog.getByTestId('user-services').getByLabel(CHAT.name).check();
    await dialog.getByRole('button', { name: USERS_PAGE_TEXTS.save }).click();
    await expect(notice(admin, USERS_PAGE_TEXTS.saved('customer'))).toBeVisible();
    await admin.context().close();

    const customer = await pageOn(browser, server);
    await signIn(customer, 'customer');
    await expect(customer).toHaveURL(/\/customer-moderation$/);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(
      HISTORY_TEXTS.titles.customer,
    );
    await expect(customer.getByTestId(`history-${chatItem}`)).toBeVisible();
    await expect(customer.getByTestId(`history-${socialItem}`)).toHaveCount(0);
    await expect(customer.getByTestId(/^history-\d+$/)).toHaveCount(1);
    // Staff names stay with the staff.
    await expect(customer.getByTestId(`history-${chatItem}`)).not.toContainText('operator');

    // Another service's item, even by its address, reads as absent.
    await customer.goto(`/customer-moderation?item=${socialItem}`);
    await expect(customer.getByTestId('history-drawer')).toContainText(
      `There is no decided item ${socialItem}.`,
    );
    await customer.context().close();
  });
});
