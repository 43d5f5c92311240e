/**
 * Every screen, as every demo role sees it, in both themes, passes axe (WCAG 2.x A and AA rules)
 * with no serious or critical finding. The list of screens is the route table, so a new screen is
 * checked from the day it is registered. Each screen is opened once and checked in both themes
 * (support/axe.ts: the theme follows the system preference, which the test switches).
 */
import type { Page } from '@playwright/test';
import { TWO_FACTOR_SETUP_PATH } from '../../src/contract/routes';
import { SECOND_FACTOR_TEXTS } from '../../src/features/auth/components/second-factor-form';
import { TWO_FACTOR_UI_TEXTS } from '../../src/features/two-factor/two-factor-texts';
import { CONTENT_TOOL_TEXTS } from '../../src/features/content-tool/content-tool-texts';
import { DISCARD_UI_TEXTS } from '../../src/features/discard/discard-texts';
import { SANDBOX_TEXTS } from '../../src/features/demo/demo-texts';
import { TRIAL_TEXTS } from '../../src/features/trials/trials-texts';
import {
  DEMO_ACCOUNTS,
  expect,
  openProfileMenu,
  openableRoutes,
  permissionsOf,
  signIn,
  startExtraServer,
  test,
  type DemoUsername,
} from './support/fixtures';
import { findingsInBothThemes } from './support/axe';
import { confirmShownKey, leaveRecoveryCodes, requireTwoFactor } from './support/two-factor';
import { openItem, previewBurst, receivedSandboxRun, toolsQueue } from './support/tools-scene';

/** The pages prospects see without signing in (SPEC §2), on the demo brand of demo mode. */
const PUBLIC_TRIAL_PATHS = [
  '/trial/northwind',
  '/trial/northwind/text',
  '/trial/northwind/public',
  '/trial/regcomplete?brand=northwind',
  '/demo-v2',
  '/demo-v2?brand=pixelforge',
  '/trial/no-such-brand',
];

/** What the public pages show while their brand, sample set or counter loads. */
const PUBLIC_LOADING_TEXTS = new RegExp(`^(${TRIAL_TEXTS.loadingBrand}|${SANDBOX_TEXTS.loading})$`);

/** The most screens one test walks: a longer walk is split into tests that run side by side. */
const WALK_PART = 10;

/** Screens whose content depends on the role or the account, not only on permissions. */
const ROLE_DEPENDENT_PATHS = ['/moderation', '/park'];

function samePermissions(a: DemoUsername, b: DemoUsername): boolean {
  const [first, second] = [permissionsOf(a), permissionsOf(b)];
  return first.length === second.length && first.every((name) => second.includes(name));
}

/** A screen is ready when its main heading (or the moderation banner) is on the page. */
async function settle(page: Page): Promise<void> {
  await expect(
    page.locator('main h1, main [role="status"], main [role="alert"]').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

test.describe('axe, both themes', () => {
  test('the public pages', async ({ page }) => {
    const findings: string[] = [];
    for (const path of ['/login', '/forgot-password', '/api/docs']) {
      await page.goto(path);
      await expect(page.getByRole('button').first()).toBeVisible();
      findings.push(...(await findingsInBothThemes(page)).map((text) => `${path}: ${text}`));
    }
    expect(findings).toEqual([]);
  });

  test('the public trial pages', async ({ page }) => {
    // Seven pages, each checked by axe: more than one ordinary test's work.
    test.slow();
    const findings: string[] = [];
    for (const path of PUBLIC_TRIAL_PATHS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // The sandbox and the counter fill in after the brand: wait for their content, not for
      // a quiet network (the counter polls, so the network is never quiet for long).
      await expect(page.getByText(PUBLIC_LOADING_TEXTS)).toHaveCount(0);
      findings.push(...(await findingsInBothThemes(page)).map((text) => `${path}: ${text}`));
    }
    expect(findings).toEqual([]);
  });

  // On a server of its own: setting it up changes how the demo accounts sign in.
  test('the two-factor screens', async ({ browser }) => {
    test.setTimeout(120_000);
    const server = await startExtraServer();
    try {
      await requireTwoFactor(server.baseURL, 'customer');
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      const findings: string[] = [];
      const check = async (name: string) =>
        findings.push(...(await findingsInBothThemes(page)).map((text) => `${name}: ${text}`));

      await signIn(page, 'customer');
      await page.waitForURL((url) => url.pathname === TWO_FACTOR_SETUP_PATH);
      await expect(page.getByTestId('two-factor-key')).toBeVisible();
      await check(TWO_FACTOR_SETUP_PATH);
      await confirmShownKey(page);
      await check('recovery codes');
      await leaveRecoveryCodes(page);
      await page.waitForURL((url) => url.pathname !== TWO_FACTOR_SETUP_PATH);

      await context.clearCookies();
      await signIn(page, 'developer');
      await page.goto('/my-profile');
      await page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.setUp }).click();
      await expect(page.getByTestId('two-factor-key')).toBeVisible();
      await check('setup dialog');
      await confirmShownKey(page);
      await leaveRecoveryCodes(page);
      await page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.disable }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('turn-off dialog');
      await page.keyboard.press('Escape');
      const menu = await openProfileMenu(page);
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Username').fill('developer');
      await page.getByLabel('Password').fill('demo');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByLabel(SECOND_FACTOR_TEXTS.code)).toBeVisible();
      await check('second sign-in step');
      await page.getByRole('button', { name: SECOND_FACTOR_TEXTS.useRecovery }).click();
      await expect(page.getByLabel(SECOND_FACTOR_TEXTS.recoveryCode)).toBeVisible();
      await check('recovery code step');
      await context.close();
      expect(findings).toEqual([]);
    } finally {
      await server.dispose();
    }
  });

  // The walk below sees the tools empty; here they have something on them. On a server of its
  // own: the Dev Box and the requeue change the queue.
  test('the tools with content', async ({ browser }) => {
    test.setTimeout(120_000);
    const server = await startExtraServer();
    try {
      const [first = 0] = await toolsQueue(server);
      const context = await browser.newContext({ baseURL: server.baseURL });
      const page = await context.newPage();
      const findings: string[] = [];
      const check = async (name: string) =>
        findings.push(...(await findingsInBothThemes(page)).map((text) => `${name}: ${text}`));
      await signIn(page, 'admin');
      await openItem(page, first);
      await check('/content-tool item');
      await page.getByRole('button', { name: CONTENT_TOOL_TEXTS.actions.discard }).click();
      await expect(page.getByTestId('item-action-dialog')).toBeVisible();
      await check('/content-tool discard dialog');
      await page.keyboard.press('Escape');
      await previewBurst(page);
      await check('/discard preview');
      await page.getByRole('button', { name: DISCARD_UI_TEXTS.discardButton(3) }).click();
      await expect(page.getByTestId('confirm-discard')).toBeVisible();
      await check('/discard confirmation');
      await page.keyboard.press('Escape');
      await receivedSandboxRun(page);
      await check('/sandbox run');
      await context.close();
      expect(findings).toEqual([]);
    } finally {
      await server.dispose();
    }
  });

  const accounts: DemoUsername[] = [...new Set(DEMO_ACCOUNTS.map((account) => account.username))];
  for (const [index, username] of accounts.entries()) {
    // An account with the same permissions as one walked before it sees the same screens,
    // except where the role or the account's own mode shows on the screen (the developer's
    // debug line, the batch banner): only those are walked again.
    const sameAsEarlier = accounts
      .slice(0, index)
      .some((earlier) => samePermissions(earlier, username));
    const routes = openableRoutes(username).filter(
      (route) => !sameAsEarlier || ROLE_DEPENDENT_PATHS.includes(route.path),
    );
    // A long walk (the admin's) in parts of at most WALK_PART screens, which run side by side.
    const parts = Math.ceil(routes.length / WALK_PART);
    for (let part = 0; part < parts; part += 1) {
      const walked = routes.slice(part * WALK_PART, (part + 1) * WALK_PART);
      const name =
        parts > 1
          ? `every screen of ${username}, part ${part + 1} of ${parts}`
          : `every screen of ${username}`;
      test(name, async ({ page }) => {
        test.setTimeout(30_000 + 15_000 * walked.length);
        await signIn(page, username);
        const findings: string[] = [];
        for (const route of walked) {
          await page.goto(route.path);
          await settle(page);
          findings.push(
            ...(await findingsInBothThemes(page)).map((text) => `${route.path}: ${text}`),
          );
        }
        expect(findings).toEqual([]);
      });
    }
  }
});
