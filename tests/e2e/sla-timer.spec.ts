/**
 * The SLA timer of a moderation card: neutral while the item is young, the warning colour (and
 * the words 'SLA soon') from 75 % of its service's SLA, red ('Over SLA') past it. A service with
 * a 4-minute SLA makes that 3 and 4 minutes after the item arrives. Instead of waiting minutes,
 * the operator opens the console in a new browser context for each state, whose clock starts
 * that long after the item's arrival and then runs on. The clock is set when the page opens and
 * never moved after: the socket client reads the same clock for its heartbeat, and a page whose
 * clock jumps past the heartbeat's window (45 s) closes its socket, which parks the operator.
 * Each state's window is a minute wide, so a slow machine cannot push the card into the next
 * one. With E2E_SCREENSHOTS=1 it also saves the card in each state in both themes to
 * test-results/screenshots/.
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

const SLA_MINUTES = 4;

/** Seconds after the item's arrival at which each state is looked at: mid-window. */
const SHOWN_AFTER = { ok: 0, warning: 3.5 * 60, breached: 4.5 * 60 } as const;

const LABELS = {
  ok: `within the ${SLA_MINUTES}-minute SLA`,
  warning: `near the ${SLA_MINUTES}-minute SLA`,
  breached: `over the ${SLA_MINUTES}-minute SLA`,
} as const;

test.describe('SLA timer', () => {
  const server = useOwnServer();

  test('turns to the warning colour at 75 % of the SLA and red past it', async ({ browser }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    const api = await pageClient(admin);
    const created = await api.callOk(serviceEndpoints.create, {
      body: {
        code: 'sla-four',
        name: 'Four Minute SLA',
        active: true,
        priority: 10,
        tags: [],
        submit_without_tags: true,
        enable_dynamic_tags: false,
        ai_provider: 'none',
        ai_decides_alone: 'never',
        sla_minutes: SLA_MINUTES,
        ai_word_lists: {},
        callback_url: '',
      },
    });
    const token = await api.callOk(serviceTokenEndpoints.create, {
      body: { service_id: created.data.service.id },
    });
    await admin.context().close();
    // The item's arrival is stamped by the server during this call, so after this instant.
    const ingestedAt = Date.now();
    const [id] = await ingestItems(server.baseURL, token.data.raw_token ?? '', [
      textItem(0, { subscriber_id: 'sla-e2e', content: 'An item against a four-minute SLA' }),
    ]);

    const colours: string[] = [];
    for (const state of ['ok', 'warning', 'breached'] as const) {
      // The operator of the state before has closed their console: the server keeps the item
      // for them through the lease grace and hands it back when they resume here.
      const page = await pageOn(browser, server);
      await page.clock.install({ time: ingestedAt + SHOWN_AFTER[state] * 1000 });
      await signIn(page, 'operator');
      await page.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
      const card = page.getByRole('article', { name: new RegExp(`^#${id} · `) });
      const timer = card.getByRole('timer');
      await expect(timer).toHaveAttribute('data-sla-state', state);
      await expect(timer).toHaveAccessibleName(new RegExp(LABELS[state]));
      if (state === 'warning') await expect(timer).toContainText('SLA soon');
      if (state === 'breached') await expect(timer).toContainText('Over SLA');
      colours.push(await timer.evaluate((element) => getComputedStyle(element).backgroundColor));
      await stateShots(page, card, state);
      await page.context().close();
    }
    // Each state has a colour of its own.
    expect(new Set(colours).size).toBe(3);
  });
});
