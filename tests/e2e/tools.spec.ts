/**
 * The tools in the browser: a bulk discard of a filter empties an operator's /moderation screen
 * of exactly those items; the content tool shows an item's timeline and requeues it; the Dev Box
 * takes a sample through the pipeline and shows the webhook as received, verified.
 */
import type { Locator, Page } from '@playwright/test';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { CONTENT_TOOL_TEXTS } from '../../src/features/content-tool/content-tool-texts';
import { DISCARD_UI_TEXTS } from '../../src/features/discard/discard-texts';
import { SANDBOX_UI_TEXTS } from '../../src/features/sandbox/sandbox-texts';
import { seriousFindings } from './support/axe';
import { expect, notice, pageOn, signIn, test, useOwnServer } from './support/fixtures';
import { ingestItems, textItem } from '../support/protocol';
import { CHAT, demoToken, ingest } from './support/queue';

/** Items reach the screen within the 3-second request poll, with margin on a busy machine. */
const ASSIGNED_TIMEOUT = 20_000;

function card(page: Page, id: number): Locator {
  return page.getByRole('article', { name: new RegExp(`^#${id} · `) });
}

/** Signs in as the operator, lands parked and resumes: the queue comes to this screen. */
async function moderate(page: Page): Promise<void> {
  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/park$/);
  const resume = page.getByRole('button', { name: MODERATION_TEXTS.resume });
  await expect(resume).toBeEnabled();
  await resume.click();
  await expect(page).toHaveURL(/\/moderation$/);
}

test.describe('tools', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('a discard of a filter removes exactly those items from an operator’s screen', async ({
    browser,
  }) => {
    // Three from one subscriber, one from another: the filter names the first.
    const [regular, ...spam] = await ingestItems(server.baseURL, demoToken(server, CHAT), [
      textItem(0, { subscriber_id: 'regular-member', content: 'a regular message' }),
      ...['spam one', 'spam two', 'spam three'].map((content, n) =>
        textItem(n + 1, { subscriber_id: 'spam-wave', content }),
      ),
    ]);
    const operator = await pageOn(browser, server);
    await moderate(operator);
    for (const id of [...spam, regular ?? 0]) {
      await expect(card(operator, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    }

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/discard');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(DISCARD_UI_TEXTS.title);
    await admin.getByLabel(DISCARD_UI_TEXTS.service).selectOption({ label: CHAT.name });
    await admin.getByLabel(DISCARD_UI_TEXTS.subscriber).fill('spam-wave');
    await admin.getByRole('button', { name: DISCARD_UI_TEXTS.preview }).click();
    await expect(admin.getByTestId('discard-count')).toHaveText(DISCARD_UI_TEXTS.matches(3));
    await expect(admin.getByTestId('discard-preview')).toContainText(DISCARD_UI_TEXTS.onScreens(3));
    // The header row and the three items.
    await expect(admin.getByTestId('discard-sample').getByRole('row')).toHaveCount(4);
    await admin.getByRole('button', { name: DISCARD_UI_TEXTS.discardButton(3) }).click();
    const dialog = admin.getByTestId('confirm-discard');
    const confirm = dialog.getByRole('button', { name: DISCARD_UI_TEXTS.confirm, exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(DISCARD_UI_TEXTS.confirmLabel(3)).fill('4');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(DISCARD_UI_TEXTS.confirmLabel(3)).fill('3');
    expect(await seriousFindings(admin)).toEqual([]);
    await confirm.click();
    await expect(notice(admin, DISCARD_UI_TEXTS.started(3))).toBeVisible();
    const job = admin.getByTestId('discard-jobs').getByRole('listitem').first();
    await expect(job.getByTestId('discard-job-state')).toHaveText(DISCARD_UI_TEXTS.jobState.done);
    await expect(job.getByTestId('discard-job-progress')).toContainText('3 of 3 discarded');

    for (const id of spam) await expect(card(operator, id)).toBeHidden();
    await expect(card(operator, regular ?? 0)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    await expect(operator.getByRole('article')).toHaveCount(1);
    await operator.context().close();
    await admin.context().close();
  });

  test('the content tool shows an item’s timeline, and requeue takes it off the screen', async ({
    browser,
  }) => {
    const [id = 0] = await ingest(server, CHAT, ['a message to look into']);
    const operator = await pageOn(browser, server);
    await moderate(operator);
    await expect(card(operator, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/content-tool');
    await admin.getByLabel(CONTENT_TOOL_TEXTS.lookupLabel).fill(String(id));
    await admin.getByRole('button', { name: CONTENT_TOOL_TEXTS.lookup }).click();
    await expect(admin).toHaveURL(new RegExp(`/content-tool\\?id=${id}$`));
    await expect(admin.getByRole('heading', { level: 2 })).toHaveText(
      CONTENT_TOOL_TEXTS.itemTitle(id, CHAT.name),
    );
    await expect(admin.getByTestId('item-status')).toHaveText(
      CONTENT_TOOL_TEXTS.status.assigned('operator'),
    );
    const timeline = admin.getByTestId('item-timeline');
    await expect(timeline).toContainText('Arrived');
    await expect(timeline).toContainText('Sent by the service through the ingest API.');
    await expect(timeline).toContainText('AI answered');
    await expect(timeline).toContainText('Leased to operator');

    await admin.getByRole('button', { name: CONTENT_TOOL_TEXTS.actions.requeue }).click();
    const dialog = admin.getByTestId('item-action-dialog');
    await expect(dialog).toContainText(CONTENT_TOOL_TEXTS.actionTitles.requeue(id));
    await dialog.getByLabel(CONTENT_TOOL_TEXTS.reason).fill('a second look');
    expect(await seriousFindings(admin)).toEqual([]);
    await dialog.getByRole('button', { name: CONTENT_TOOL_TEXTS.actions.requeue }).click();
    await expect(notice(admin, CONTENT_TOOL_TEXTS.actionDone.requeue(id))).toBeVisible();
    await expect(timeline).toContainText('Requeued by admin');
    await expect(timeline).toContainText('Reason: a second look');
    await expect(timeline).toContainText('requeued by staff');
    // The operator keeps moderating: the item leaves the screen and, waiting again, comes back.
    await expect(timeline.locator('[data-kind="lease"]')).toHaveCount(2, {
      timeout: ASSIGNED_TIMEOUT,
    });
    await expect(card(operator, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    await operator.context().close();
    await admin.context().close();
  });

  test('the Dev Box takes a sample to the built-in receiver and shows it verified', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    await signIn(page, 'developer');
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SANDBOX_UI_TEXTS.title);
    await page.getByLabel(SANDBOX_UI_TEXTS.service).selectOption({ label: CHAT.name });
    await expect(page.getByTestId('sample-curl')).toContainText(
      `"subscriber_id":"${CHAT.code}-subscriber-1"`,
    );
    await page.getByRole('tab', { name: SANDBOX_UI_TEXTS.typescript }).click();
    await expect(page.getByTestId('sample-typescript')).toContainText('/api/v1/contents');
    await page.getByRole('radio', { name: SANDBOX_UI_TEXTS.modes.operator }).check();
    await page.getByLabel(SANDBOX_UI_TEXTS.text).fill('Dev Box says: buy now, winner!');
    await page.getByRole('button', { name: SANDBOX_UI_TEXTS.send }).click();

    const run = page.getByTestId('sandbox-run');
    await expect(run).toBeVisible();
    await expect(page).toHaveURL(/\/sandbox\?run=\d+$/);
    const steps = run.getByTestId('sandbox-steps');
    await expect(steps.locator('[data-step="ingested"]')).toHaveAttribute('data-state', 'done');
    await expect(steps.locator('[data-step="ai"]')).toHaveAttribute('data-state', 'done');
    await expect(steps.locator('[data-step="decision"]')).toHaveAttribute('data-state', 'active');
    await run.getByRole('button', { name: 'Spam', exact: true }).click();
    await run.getByRole('button', { name: SANDBOX_UI_TEXTS.submit }).click();

    const received = run.getByTestId('sandbox-received');
    await expect(received.getByTestId('webhook-verified')).toHaveText(SANDBOX_UI_TEXTS.verified, {
      timeout: 20_000,
    });
    await expect(steps.locator('[data-step="received"]')).toHaveAttribute('data-state', 'done');
    await expect(received.getByTestId('webhook-headers')).toContainText('webhook-signature');
    await expect(received.getByTestId('webhook-body')).toContainText('"type": "content.moderated"');
    await expect(received.getByTestId('webhook-body')).toContainText('"spam": 1');
    expect(await seriousFindings(page)).toEqual([]);
    await page.context().close();
  });
});
