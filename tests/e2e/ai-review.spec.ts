/**
 * /ai-moderation and /aicontent: an administrator finds an item where the AI and the operator
 * disagreed, sees the agreement figures of its service, and retries an item whose AI step
 * failed, which the built-in provider then answers. A server of its own
 * (support/ai-review-scene.ts).
 */
import type { Browser } from '@playwright/test';
import {
  AI_CONTENT_PAGE_TEXTS,
  AI_MODERATION_TEXTS,
} from '../../src/features/ai-review/ai-review-texts';
import { expectAxeClean } from './support/axe';
import { startAiReviewScene, type AiReviewScene } from './support/ai-review-scene';
import { SCENE_DISAGREEMENT, SCENE_FAILED } from './support/ai-review-scene-texts';
import { expect, notice, signIn, tabTitle, test } from './support/fixtures';

test.describe('AI review', () => {
  test.describe.configure({ mode: 'serial' });
  let scene: AiReviewScene;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    scene = await startAiReviewScene();
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

  test('an admin finds a disagreement and the agreement figures of its service', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.goto('/ai-moderation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(AI_MODERATION_TEXTS.title);
    await expect(page).toHaveTitle(tabTitle(AI_MODERATION_TEXTS.title));

    await page
      .getByLabel(AI_MODERATION_TEXTS.filters.service, { exact: true })
      .selectOption({ label: 'Demo Chat' });
    await page
      .getByLabel(AI_MODERATION_TEXTS.filters.agreement, { exact: true })
      .selectOption({ label: AI_MODERATION_TEXTS.agreement.disagree });
    await expect(page).toHaveURL(/agreement=disagree/);
    const row = page.getByTestId(`ai-result-${scene.ids.disagreement}`);
    await expect(row).toContainText(SCENE_DISAGREEMENT.slice(0, 20));
    await expect(row).toContainText('spam');
    await expect(row).toContainText('harassment');
    await expect(row).toContainText(AI_MODERATION_TEXTS.agreement.disagree);
    await expect(row).toContainText('operator');
    // Only disagreements are listed.
    await expect(
      page
        .getByTestId('ai-results')
        .getByText(AI_MODERATION_TEXTS.agreement.agree, { exact: true }),
    ).toHaveCount(0);

    // The figures follow the service filter: Demo Chat's tags, in its order.
    const agreement = page.getByTestId('ai-agreement');
    const spam = agreement.getByTestId(`agreement-${scene.ids.serviceId}-spam`);
    // spam: the AI said spam 3 times (2 applied), operators applied it twice: 66.7 % / 100 %.
    await expect(spam).toContainText('66.7 %');
    await expect(spam).toContainText('100.0 %');
    await expect(agreement).not.toContainText('Demo Social');
    await expectAxeClean(page);
  });

  test('an admin retries an item whose AI step failed and sees it answered', async ({
    browser,
  }) => {
    const page = await adminPage(browser);
    await page.goto('/aicontent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(AI_CONTENT_PAGE_TEXTS.title);
    await expect(page.getByTestId('ai-card-failed')).toContainText('1');
    const row = page.getByTestId(`ai-item-${scene.ids.failed}`);
    await expect(row).toContainText(SCENE_FAILED.slice(0, 20));
    await expect(row).toContainText('http_500');
    await expectAxeClean(page);

    await row
      .getByRole('button', { name: AI_CONTENT_PAGE_TEXTS.retryLabel(scene.ids.failed) })
      .click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(AI_CONTENT_PAGE_TEXTS.retryQuestion(scene.ids.failed));
    await dialog.getByRole('button', { name: AI_CONTENT_PAGE_TEXTS.retry, exact: true }).click();
    await expect(
      notice(page, AI_CONTENT_PAGE_TEXTS.retriedAnswered(scene.ids.failed)),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('ai-card-failed')).toContainText('0');

    // It is among the answered items now.
    await page.getByTestId('ai-card-answered').click();
    await expect(page).toHaveURL(/state=answered/);
    await expect(page.getByTestId(`ai-item-${scene.ids.failed}`)).toContainText('SAFE');
  });
});
