/**
 * The tools with something on them, for the accessibility walk and the screenshots: a queue of
 * a few items (one subscriber sending a burst), and the steps that put each tool in its full
 * state: an item's timeline with a decision and a delivery, a discard preview, a Dev Box run
 * received and verified.
 */
import type { Page } from '@playwright/test';
import { CONTENT_TOOL_TEXTS } from '../../../src/features/content-tool/content-tool-texts';
import { DISCARD_UI_TEXTS } from '../../../src/features/discard/discard-texts';
import { SANDBOX_UI_TEXTS } from '../../../src/features/sandbox/sandbox-texts';
import { ingestItems, textItem } from '../../support/protocol';
import { expect, type ServerHandle } from './fixtures';
import { CHAT, demoToken } from './queue';

/** Items of Demo Chat: a burst from one subscriber and a few regular ones; answers their ids. */
export async function toolsQueue(server: ServerHandle): Promise<number[]> {
  return ingestItems(server.baseURL, demoToken(server, CHAT), [
    ...[
      'Win a free phone, click here',
      'Free money for the first ten',
      'Limited offer: buy now',
    ].map((content, n) =>
      textItem(n, { subscriber_id: 'promo-burst', username: 'promo bot', content }),
    ),
    ...['Good morning everyone', 'See you at the match tonight'].map((content, n) =>
      textItem(n + 3, { subscriber_id: `member-${n}`, username: `member ${n}`, content }),
    ),
  ]);
}

/** /content-tool with the item open and its timeline shown. */
export async function openItem(page: Page, id: number): Promise<void> {
  await page.goto(`/content-tool?id=${id}`);
  await expect(page.getByTestId('item-timeline')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    new RegExp(`^${CONTENT_TOOL_TEXTS.itemTitle(id, '')}`),
  );
}

/** /discard with the preview of the promo burst. */
export async function previewBurst(page: Page): Promise<void> {
  await page.goto('/discard');
  await page.getByLabel(DISCARD_UI_TEXTS.service).selectOption({ label: CHAT.name });
  await page.getByLabel(DISCARD_UI_TEXTS.subscriber).fill('promo-burst');
  await page.getByRole('button', { name: DISCARD_UI_TEXTS.preview }).click();
  await expect(page.getByTestId('discard-count')).toHaveText(DISCARD_UI_TEXTS.matches(3));
}

/** /sandbox with a run of Demo Chat decided by the AI alone, received and verified. */
export async function receivedSandboxRun(page: Page): Promise<void> {
  await page.goto('/sandbox');
  await page.getByLabel(SANDBOX_UI_TEXTS.service).selectOption({ label: CHAT.name });
  await page.getByRole('radio', { name: SANDBOX_UI_TEXTS.modes.ai }).check();
  await page.getByRole('button', { name: SANDBOX_UI_TEXTS.send }).click();
  await expect(page.getByTestId('webhook-verified')).toHaveText(SANDBOX_UI_TEXTS.verified, {
    timeout: 20_000,
  });
}
