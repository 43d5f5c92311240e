/**
 * /aggregator: a delivery that fails shows with its attempts and the receiver's answers, and is
 * redelivered from the attempts view once the receiver recovers; a callback that answered 410
 * shows as disabled (also on the dashboard) until enabled. A server of its own
 * (support/delivery-receiver.ts).
 */
import type { Browser } from '@playwright/test';
import { AGGREGATOR_TEXTS as TEXTS } from '../../src/features/aggregator/aggregator-texts';
import {
  FAILING_SERVICE,
  GONE_SERVICE,
  RECEIVER_DOWN_TEXT,
  startDeliveryScene,
  type DeliveryScene,
} from './support/delivery-receiver';
import { expect, notice, signIn, tabTitle, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';

test.describe('aggregator', () => {
  // One scene for the file: the steps build on each other's deliveries.
  test.describe.configure({ mode: 'serial' });
  let scene: DeliveryScene;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    scene = await startDeliveryScene({ gone: true });
  });
  test.afterAll(async () => {
    await scene?.dispose();
  });

  async function adminPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: scene.server.baseURL });
    const page = await context.newPage();
    await signIn(page, 'admin');
    return page;
  }

  test('a failing delivery shows with its attempts and is redelivered once the receiver recovers', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.goto('/aggregator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.title);
    await expect(page).toHaveTitle(tabTitle(TEXTS.title));

    const table = page.getByRole('table', { name: TEXTS.tableTitle });
    const row = table.getByRole('row').filter({ hasText: FAILING_SERVICE });
    await test.step('the given-up delivery is counted, with the last error', async () => {
      await expect(
        row.getByRole('button', { name: TEXTS.actions.redeliverFailedLabel(FAILING_SERVICE, 1) }),
      ).toBeVisible();
      await expect(row).toContainText('503');
      await expect(row).toContainText(TEXTS.state.active);
    });

    const dialog = page.getByRole('dialog', { name: TEXTS.problems.title(FAILING_SERVICE) });
    await test.step('the attempts view shows both attempts and what the receiver said', async () => {
      await row
        .getByRole('button', { name: TEXTS.actions.deliveriesLabel(FAILING_SERVICE) })
        .click();
      const delivery = dialog.getByTestId(`problem-delivery-${scene.contentId}`);
      await expect(delivery).toContainText(TEXTS.problems.status.failed);
      const attempts = delivery.getByTestId('delivery-attempt');
      await expect(attempts).toHaveCount(2);
      await expect(attempts.first()).toContainText('503');
      await expect(attempts.first()).toContainText(RECEIVER_DOWN_TEXT);
      await expectAxeClean(page);
    });

    await test.step('after the receiver recovers, Redeliver sends it', async () => {
      scene.recover();
      const before = scene.received();
      await dialog
        .getByRole('button', { name: TEXTS.problems.redeliverLabel(scene.contentId) })
        .click();
      await expect(
        notice(page, TEXTS.done.redeliveredOne(scene.contentId), 'success'),
      ).toBeVisible();
      await expect
        .poll(() => scene.received(), { message: 'the receiver gets the delivery' })
        .toBe(before + 1);
      await expect(dialog.getByText(TEXTS.problems.empty)).toBeVisible();
      await dialog.getByRole('button', { name: TEXTS.problems.close }).click();
      await expect(row.getByRole('button', { name: /^Redeliver the \d+ failed/ })).toHaveCount(0);
    });
    await page.context().close();
  });

  test('a callback that answered 410 is disabled, on the dashboard too, until enabled', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.goto('/dashboard');
    await expect(page.getByTestId('delivery-disabled-notice')).toContainText(GONE_SERVICE);
    await page.getByRole('link', { name: TEXTS.dashboardNoticeLink }).click();
    await expect(page).toHaveURL(/\/aggregator$/);
    const row = page
      .getByRole('table', { name: TEXTS.tableTitle })
      .getByRole('row')
      .filter({ hasText: GONE_SERVICE });
    await expect(row).toContainText(TEXTS.state.disabled);
    await row.getByRole('button', { name: TEXTS.actions.enableLabel(GONE_SERVICE) }).click();
    const question = page.getByRole('alertdialog', { name: TEXTS.confirm.enableTitle });
    await expect(question).toContainText(TEXTS.confirm.enable(GONE_SERVICE));
    await question.getByRole('button', { name: TEXTS.actions.enable }).click();
    await expect(notice(page, TEXTS.done.enabled(GONE_SERVICE), 'success')).toBeVisible();
    // The receiver still answers 410: the next attempt disables it again.
    await expect(row).toContainText(TEXTS.state.disabled);
    await page.context().close();
  });

  test('pause asks first and shows who paused; resume lifts it', async ({ browser }) => {
    const page = await adminPage(browser);
    await page.goto('/aggregator');
    const row = page
      .getByRole('table', { name: TEXTS.tableTitle })
      .getByRole('row')
      .filter({ hasText: FAILING_SERVICE });
    await row.getByRole('button', { name: TEXTS.actions.pauseLabel(FAILING_SERVICE) }).click();
    const question = page.getByRole('alertdialog', { name: TEXTS.confirm.pauseTitle });
    await expect(question).toContainText(TEXTS.confirm.pause(FAILING_SERVICE));
    await question.getByRole('button', { name: TEXTS.actions.pause }).click();
    await expect(notice(page, TEXTS.done.paused(FAILING_SERVICE), 'success')).toBeVisible();
    await expect(row).toContainText(TEXTS.state.paused('admin'));
    await row.getByRole('button', { name: TEXTS.actions.resumeLabel(FAILING_SERVICE) }).click();
    await expect(row).toContainText(TEXTS.state.active);
    await page.context().close();
  });
});
