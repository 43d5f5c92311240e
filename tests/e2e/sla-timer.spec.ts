/**
 * The SLA timer of a moderation card: neutral while the item is young, the warning colour (and
 * the words 'SLA soon') from 75 % of its service's SLA, red ('Over SLA') past it. A service with
 * a 1-minute SLA makes that 45 and 60 seconds after the item arrives. The operator's browser
 * clock is moved past those moments instead of waiting a real minute: only Date moves, so the
 * socket's heartbeats and the console's other timers run as they would. With E2E_SCREENSHOTS=1 it
 * also saves the card in each state in both themes to test-results/screenshots/.
 */
import type { Locator, Page } from '@playwright/test';
import { serviceEndpoints } from '../../src/contract/services';
import { serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { ingestItems, textItem } from '../support/protocol';
import { expect, pageClient, pageOn, signIn, test, useOwnServer } from './support/fixtures';
import { allViolations } from './support/axe';

const DIR = 'test-results/screenshots';

/**
 * axe's WCAG 2.1 A/AA findings on the timer (contrast of its text in its colours). Only the
 * timer: the moderation screen's own hint line and click-to-load placeholders (stone-500 on
 * stone-100) are another matter.
 */
async function timerFindings(page: Page): Promise<string[]> {
  return allViolations(page, { include: '[data-testid="sla-timer"]' });
}

async function stateShots(page: Page, card: Locator, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await timerFindings(page), `axe, ${state}, ${colorScheme}`).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) {
      await card.screenshot({ path: `${DIR}/moderation-card-sla-${state}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('SLA timer', () => {
  const server = useOwnServer();

  test('turns to the warning colour at 75 % of the SLA and red past it', async ({ browser }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    const api = await pageClient(admin);
    const created = await api.callOk(serviceEndpoints.create, {
      body: {
        code: 'sla-one',
        name: 'One Minute SLA',
        active: true,
        priority: 10,
        tags: [],
        submit_without_tags: true,
        enable_dynamic_tags: false,
        ai_provider: 'none',
        ai_decides_alone: 'never',
        sla_minutes: 1,
        ai_word_lists: {},
        callback_url: '',
      },
    });
    const token = await api.callOk(serviceTokenEndpoints.create, {
      body: { service_id: created.data.service.id },
    });
    // The item's arrival is stamped by the server during this call, so after this instant.
    const ingestedAt = Date.now();
    const [id] = await ingestItems(server.baseURL, token.data.raw_token ?? '', [
      textItem(0, { subscriber_id: 'sla-e2e', content: 'An item against a one-minute SLA' }),
    ]);

    const page = await pageOn(browser, server);
    await page.clock.install();
    await signIn(page, 'operator');
    await page.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
    const card = page.getByRole('article', { name: new RegExp(`^#${id} · `) });
    const timer = card.getByRole('timer');
    await expect(timer).toHaveAttribute('data-sla-state', 'ok');
    await expect(timer).toHaveAccessibleName(/within the 1-minute SLA/);
    const neutral = await timer.evaluate((element) => getComputedStyle(element).backgroundColor);
    await stateShots(page, card, 'ok');

    // 45 s after arrival: the warning colour, and words that say so.
    await page.clock.setSystemTime(ingestedAt + 50_000);
    await expect(timer).toHaveAttribute('data-sla-state', 'warning');
    await expect(timer).toContainText('SLA soon');
    await expect(timer).toHaveAccessibleName(/near the 1-minute SLA/);
    const warning = await timer.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(warning).not.toBe(neutral);
    await stateShots(page, card, 'warning');

    // Past 60 s: breached.
    await page.clock.setSystemTime(ingestedAt + 65_000);
    await expect(timer).toHaveAttribute('data-sla-state', 'breached');
    await expect(timer).toContainText('Over SLA');
    await expect(timer).toHaveAccessibleName(/over the 1-minute SLA/);
    await stateShots(page, card, 'breached');
  });
});
