/**
 * Keyboard-first moderation (SPEC §2): after Enter submits the focused card, the focus is on the
 * next card, every time, including when the held cards run out and the server's next items
 * arrive while the operator is submitting. The list's empty state holds the focus in between.
 */
import type { Locator, Page } from '@playwright/test';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { MODERATION_PAGE_TEXTS } from '../../src/features/moderation/moderation-page-texts';
import { expect, pageOn, signIn, tabTitle, test, useOwnServer } from './support/fixtures';
import { CHAT, ingest } from './support/queue';

/** Assignment runs every 3 s on the client (REQUEST_CONTENT_INTERVAL_MS); a busy machine is slow. */
const ASSIGNED_TIMEOUT = 20_000;
const SUBMITS = 24;

/** The focused card, when it is not the one with this id. */
function focusedCardOtherThan(page: Page, id: string | null): Locator {
  return page.locator(
    id === null
      ? 'article[data-card-id]:focus'
      : `article[data-card-id]:focus:not([data-card-id="${id}"])`,
  );
}

test.describe('keyboard focus through many submits', () => {
  const server = useOwnServer();

  test('Enter after Enter: the focus always lands on the next card, never on the page', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    await ingest(
      server,
      CHAT,
      Array.from({ length: SUBMITS }, (_, n) => `Focus run item ${n + 1}`),
    );
    const page = await pageOn(browser, server);
    await signIn(page, 'operator');
    await expect(page).toHaveURL(/\/park$/);
    const resume = page.getByRole('button', { name: MODERATION_TEXTS.resume });
    await expect(resume).toBeEnabled();
    await resume.click();
    await expect(page).toHaveURL(/\/moderation$/);

    const first = page.locator('article[data-card-id]').first();
    await first.waitFor({ timeout: ASSIGNED_TIMEOUT });
    await first.focus();
    // From here on, count the frames painted with the focus on the page body: none, as a
    // keyboard operator would otherwise have to reach for the mouse.
    await page.evaluate(() => {
      const probe = window as unknown as { bodyFrames: number };
      probe.bodyFrames = 0;
      const watch = () => {
        if (document.activeElement === null || document.activeElement === document.body) {
          probe.bodyFrames += 1;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });

    for (let n = 0; n < SUBMITS; n += 1) {
      const focused = focusedCardOtherThan(page, null);
      await expect(focused, `a card has the focus before submit ${n + 1}`).toHaveCount(1, {
        timeout: ASSIGNED_TIMEOUT,
      });
      const id = await focused.getAttribute('data-card-id');
      await page.keyboard.press('Enter');
      if (n < SUBMITS - 1) {
        // The next card (held, or arriving from the server when none was left) takes the focus.
        await expect(
          focusedCardOtherThan(page, id),
          `the next card focused after submit ${n + 1}`,
        ).toHaveCount(1, { timeout: ASSIGNED_TIMEOUT });
      }
    }

    // Nothing left: the empty state holds the focus, and no frame had it on the body.
    await expect(page).toHaveTitle(tabTitle('(0 assigned)'));
    await expect(page.getByTestId('moderation-empty')).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { bodyFrames: number }).bodyFrames),
    ).toBe(0);

    // The waiting spinner turns only for a system that allows motion; under reduced motion
    // (as the configuration sets it) nothing on the screen moves, however long the queue stays
    // empty.
    const empty = page.getByTestId('moderation-empty');
    await expect(empty).toContainText(MODERATION_PAGE_TEXTS.waiting);
    const running = () => page.evaluate(() => document.getAnimations().length);
    expect(await running()).toBe(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(running).toBe(1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(running).toBe(0);
    await page.context().close();
  });
});
