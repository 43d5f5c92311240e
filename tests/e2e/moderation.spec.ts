/**
 * Live moderation in the browser (SPEC §2 Moderation screen and Park screen, §4, §5).
 * A client service ingests through the real API with the demo services' own tokens (printed once
 * at the first start), the server assigns the items over the socket, operators tag and submit
 * them, and the results reach the server through the outbox. Each describe block runs in order on
 * a server of its own, so the queue holds exactly what its tests put there.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { MODERATION_TEXTS, moderationEndpoints } from '../../src/contract/content';
import {
  type ServerHandle,
  expect,
  signIn,
  pageOn,
  startExtraServer,
  useOwnServer,
  tabTitle,
  test,
} from './support/fixtures';
import { CHAT, SOCIAL, ingest } from './support/queue';

const SUBMIT_PATH = moderationEndpoints.submitContents.path;
/** SPEC §9: a user holds at most 6 items unless set otherwise; the demo users keep the default. */
const MAX_CONTENT = 6;
/** The tab titles of src/features/moderation/components/moderation-page.tsx and the park page. */
const assignedTitle = (count: number) => tabTitle(`(${count} assigned)`);
const ELSEWHERE_TITLE = tabTitle('Moderating somewhere else');
const PARK_TITLE = tabTitle('Park');
const BATCH_HINT = 'Every item marked with * needs at least one tag.';
const WAITING = 'Waiting for content. New items appear here as soon as they are assigned.';
/** Assignment runs every 3 s on the client (REQUEST_CONTENT_INTERVAL_MS); a busy machine is slow. */
const ASSIGNED_TIMEOUT = 20_000;

interface SubmittedResult {
  content_id: number;
  moderated_status: Record<string, number | string>;
  total_contents: number;
  username: string;
  is_batch_moderator: boolean;
}

/** Every moderated result this page sent to the server and the server accepted. */
function recordSubmissions(page: Page): SubmittedResult[] {
  const accepted: SubmittedResult[] = [];
  page.on('response', (response) => {
    const request: Request = response.request();
    if (!request.url().endsWith(SUBMIT_PATH) || !response.ok()) return;
    accepted.push(...(request.postDataJSON() as SubmittedResult[]));
  });
  return accepted;
}

async function submittedResult(accepted: SubmittedResult[], id: number): Promise<SubmittedResult> {
  await expect
    .poll(() => accepted.some((result) => result.content_id === id), {
      message: `the result of item ${id} accepted by the server`,
    })
    .toBe(true);
  return accepted.find((result) => result.content_id === id) as SubmittedResult;
}

/** The tag names a result marks with 1. */
function chosenTags(result: SubmittedResult): string[] {
  return Object.entries(result.moderated_status)
    .filter(([name, value]) => name !== 'additional' && value === 1)
    .map(([name]) => name);
}

/** 'Hate Speech' -> 'hate_speech': a chip's label back to the tag name. */
function tagName(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '_');
}

/** Signs in, lands parked on /park (SPEC §4) and resumes from there. */
async function resumeModeration(page: Page, username: string): Promise<void> {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/park$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MODERATION_TEXTS.parkedTitle);
  const resume = page.getByRole('button', { name: MODERATION_TEXTS.resume });
  await expect(resume).toBeEnabled();
  await resume.click();
  await expect(page).toHaveURL(/\/moderation$/);
}

function card(page: Page, id: number): Locator {
  return page.getByRole('article', { name: new RegExp(`^#${id} · `) });
}

/** The tag chips of a card (toggle buttons), in keyboard order. */
function chips(cardLocator: Locator): Locator {
  return cardLocator.locator('button[aria-pressed]');
}

function submitButton(page: Page, id: number): Locator {
  return page.getByRole('button', { name: `Submit item ${id}`, exact: true });
}

function modeBanner(page: Page): Locator {
  return page.getByTestId('mode-banner');
}

test.describe('single review mode', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('an operator resumes, tags with the mouse and the keyboard, and submits', async ({
    browser,
  }) => {
    const ids = await ingest(server, CHAT, [
      'First item for the mouse',
      'Second item for the keyboard',
      'Third item submitted untagged',
    ]);
    const [first, second, third] = ids as [number, number, number];
    const page = await pageOn(browser, server);
    const accepted = recordSubmissions(page);
    await resumeModeration(page, 'operator');

    await test.step('the banner, three cards fed by the server and the tab title', async () => {
      await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.singleMode);
      await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.maxContent(MAX_CONTENT));
      for (const id of ids) {
        await expect(card(page, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
        await expect(card(page, id)).toContainText(CHAT.name);
      }
      await expect(page.getByRole('article')).toHaveCount(3);
      await expect(page).toHaveTitle(assignedTitle(3));
      // Single mode: one Submit per card, no batch Submit.
      await expect(page.getByRole('button', { name: /^Submit \d+ items?$/ })).toHaveCount(0);
    });

    await test.step('a click toggles a chip; Submit sends it and the card leaves', async () => {
      const spam = card(page, first).getByRole('button', { name: 'Spam', exact: true });
      await expect(spam).toHaveAttribute('aria-pressed', 'false');
      await spam.click();
      await expect(spam).toHaveAttribute('aria-pressed', 'true');
      await submitButton(page, first).click();
      await expect(card(page, first)).toBeHidden();
      await expect(page).toHaveTitle(assignedTitle(2));
      expect(chosenTags(await submittedResult(accepted, first))).toEqual(['spam']);
    });

    await test.step('digits toggle the focused card’s tags and Enter submits it', async () => {
      const target = card(page, second);
      const tags = chips(target);
      await target.focus();
      await expect(target).toHaveAttribute('data-active', 'true');
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      await expect(tags.nth(0)).toHaveAttribute('aria-pressed', 'true');
      await expect(tags.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('1');
      await expect(tags.nth(0)).toHaveAttribute('aria-pressed', 'false');
      await expect(tags.nth(1)).toHaveAttribute('aria-pressed', 'true');
      const label = (await tags.nth(1).innerText()).replace(/^\d+/, '');
      await page.keyboard.press('Enter');
      await expect(target).toBeHidden();
      await expect(page).toHaveTitle(assignedTitle(1));
      expect(chosenTags(await submittedResult(accepted, second))).toEqual([tagName(label)]);
    });

    await test.step('the next card took the focus: Enter submits it untagged', async () => {
      // Demo Chat items may go without a tag (submit_without_tags 'yes').
      await expect(card(page, third)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(card(page, third)).toBeHidden();
      await expect(page).toHaveTitle(assignedTitle(0));
      await expect(page.getByText(WAITING)).toBeVisible();
      const result = await submittedResult(accepted, third);
      expect(chosenTags(result)).toEqual([]);
      expect(result).toMatchObject({ username: 'operator', is_batch_moderator: false });
    });

    await page.context().close();
  });

  test('a second tab of the same user is told it moderates somewhere else', async ({ browser }) => {
    const [id] = (await ingest(server, CHAT, ['Held by the first tab'])) as [number];
    const page = await pageOn(browser, server);
    await resumeModeration(page, 'operator');
    await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.singleMode);
    await expect(card(page, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });

    const second = await page.context().newPage();
    const elsewhere = second.getByRole('alert').filter({
      hasText: MODERATION_TEXTS.alreadyModerating,
    });
    await test.step('on /moderation: the banner and no cards', async () => {
      await second.goto('/moderation');
      await expect(elsewhere).toBeVisible();
      await expect(second).toHaveTitle(ELSEWHERE_TITLE);
      await expect(second.getByRole('article')).toHaveCount(0);
    });

    await test.step('on /park: the same message, and it does not park the first tab', async () => {
      await second.goto('/park');
      await expect(second.getByRole('heading', { level: 1 })).toHaveText(
        MODERATION_TEXTS.parkedTitle,
      );
      await expect(elsewhere).toBeVisible();
      await expect(second).toHaveTitle(ELSEWHERE_TITLE);
    });

    await test.step('the first tab keeps moderating its card', async () => {
      await expect(page).toHaveURL(/\/moderation$/);
      await expect(page.getByText(MODERATION_TEXTS.alreadyModerating)).toHaveCount(0);
      await expect(card(page, id)).toBeVisible();
      await expect(page).toHaveTitle(assignedTitle(1));
      await submitButton(page, id).click();
      await expect(page).toHaveTitle(assignedTitle(0));
    });

    await page.context().close();
  });

  test('Park goes to /park and returns the items to the queue', async ({ browser }) => {
    const page = await pageOn(browser, server);
    await resumeModeration(page, 'operator');
    const ids = await ingest(server, CHAT, ['Parked item one', 'Parked item two']);
    for (const id of ids) {
      await expect(card(page, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    }
    await expect(page).toHaveTitle(assignedTitle(2));

    await page.getByRole('button', { name: 'Park', exact: true }).click();
    await expect(page).toHaveURL(/\/park$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MODERATION_TEXTS.parkedTitle);
    await expect(page).toHaveTitle(PARK_TITLE);
    await expect(page.getByTestId('park-duration')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(page.getByRole('button', { name: MODERATION_TEXTS.resume })).toBeEnabled();
    await expect(page.getByRole('article')).toHaveCount(0);

    // Back in the queue: another operator gets exactly these items while this one stays parked.
    const other = await pageOn(browser, server);
    await resumeModeration(other, 'batch');
    for (const id of ids) {
      await expect(card(other, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    }
    await expect(other).toHaveTitle(assignedTitle(2));
    await other.getByRole('button', { name: 'Submit 2 items' }).click();
    await expect(other).toHaveTitle(assignedTitle(0));
    await expect(page).toHaveURL(/\/park$/);

    await other.context().close();
    await page.context().close();
  });
});

test.describe('batch mode and required tags', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('the batch user submits every card at once, once each has its required tag', async ({
    browser,
  }) => {
    const chat = await ingest(server, CHAT, ['Batch chat one', 'Batch chat two']);
    const [social] = (await ingest(server, SOCIAL, ['Batch social needs a tag'])) as [number];
    const ids = [...chat, social];
    const page = await pageOn(browser, server);
    const accepted = recordSubmissions(page);
    await resumeModeration(page, 'batch');

    await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.batchMode);
    await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.maxContent(MAX_CONTENT));
    for (const id of ids) {
      await expect(card(page, id)).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    }
    await expect(page).toHaveTitle(assignedTitle(3));
    // Batch mode: no Submit per card, one for all of them.
    await expect(page.getByRole('button', { name: /^Submit item \d+$/ })).toHaveCount(0);
    const submitAll = page.getByRole('button', { name: 'Submit 3 items' });
    await expect(submitAll).toBeDisabled();
    await expect(page.getByText(BATCH_HINT)).toBeVisible();
    await expect(card(page, social)).toContainText('(at least one tag required)');

    // A digit tags the focused card in batch mode too.
    await card(page, social).focus();
    await page.keyboard.press('1');
    await expect(chips(card(page, social)).first()).toHaveAttribute('aria-pressed', 'true');
    await expect(submitAll).toBeEnabled();
    await expect(page.getByText(BATCH_HINT)).toBeHidden();

    await submitAll.click();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page).toHaveTitle(assignedTitle(0));
    for (const id of ids) {
      const result = await submittedResult(accepted, id);
      expect(result).toMatchObject({
        username: 'batch',
        is_batch_moderator: true,
        total_contents: 3,
      });
    }
    expect(chosenTags(await submittedResult(accepted, social))).toHaveLength(1);

    await page.context().close();
  });

  test('an item of a service that needs tags cannot be submitted untagged', async ({ browser }) => {
    const [id] = (await ingest(server, SOCIAL, ['Single social needs a tag'])) as [number];
    const page = await pageOn(browser, server);
    const accepted = recordSubmissions(page);
    await resumeModeration(page, 'operator');
    await expect(modeBanner(page)).toContainText(MODERATION_TEXTS.singleMode);

    const target = card(page, id);
    await expect(target).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    await expect(target).toContainText(SOCIAL.name);
    // 'Tags:' carries the asterisk (SPEC §5).
    await expect(target.getByText(MODERATION_TEXTS.tagsLabel)).toContainText('*');
    const submit = submitButton(page, id);
    await expect(submit).toBeDisabled();

    const nudity = target.getByRole('button', { name: 'Nudity', exact: true });
    await nudity.click();
    await expect(submit).toBeEnabled();
    await nudity.click();
    await expect(submit).toBeDisabled();

    // Enter does nothing while the rule fails.
    await target.focus();
    await page.keyboard.press('Enter');
    await expect(target).toBeVisible();

    // A custom tag also counts (Demo Social has enable_dynamic_tags 'yes').
    await target.getByRole('button', { name: MODERATION_TEXTS.addTag }).click();
    await target.getByRole('textbox', { name: 'Custom tag' }).fill('e2e custom');
    await target.getByRole('button', { name: 'Add custom tag' }).click();
    await expect(
      target.getByRole('button', { name: 'Remove custom tag e2e custom' }),
    ).toBeVisible();
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(target).toBeHidden();
    await expect(page).toHaveTitle(assignedTitle(0));
    const result = await submittedResult(accepted, id);
    expect(chosenTags(result)).toEqual([]);
    expect(result.moderated_status.additional).toBe('e2e custom');

    await page.context().close();
  });
});

test.describe('with the demo feeder', () => {
  let server: ServerHandle;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer({
      env: { DEMO_FEEDER: '1', DEMO_QUEUE_TARGET: '4', DEMO_FEED_INTERVAL_MS: '300' },
    });
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('cards arrive from the feeder; the operator tags one and submits it', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    const accepted = recordSubmissions(page);
    await resumeModeration(page, 'operator');
    const first = page.locator('article[data-card-id]').first();
    await expect(first).toBeVisible({ timeout: ASSIGNED_TIMEOUT });
    const id = Number(await first.getAttribute('data-card-id'));
    // Every feeder service accepts a tagged item, whatever its submit_without_tags.
    const chip = chips(card(page, id)).first();
    const label = (await chip.textContent()) ?? '';
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await submitButton(page, id).click();
    await expect(card(page, id)).toHaveCount(0);
    const result = await submittedResult(accepted, id);
    const chosen = chosenTags(result);
    expect(chosen).toHaveLength(1);
    // The chip reads its shortcut digit, then the tag's label.
    expect(tagName(label)).toMatch(new RegExp(`${chosen[0]}$`));
    // The feeder keeps the queue filled: the screen fills up again.
    await expect(page.locator('article[data-card-id]').first()).toBeVisible({
      timeout: ASSIGNED_TIMEOUT,
    });
    await page.context().close();
  });
});
