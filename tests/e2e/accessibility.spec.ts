/**
 * Every screen, as every demo role sees it, in both themes, passes axe (WCAG 2.x A and AA rules)
 * with no serious or critical finding. The list of screens is the route table, so a new screen is
 * checked from the day it is registered.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  expect,
  openableRoutes,
  signIn,
  test,
  type DemoUsername,
} from './support/fixtures';

const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(', ')}`,
    );
}

/** A screen is ready when its main heading (or the moderation banner) is on the page. */
async function settle(page: Page): Promise<void> {
  await expect(
    page.locator('main h1, main [role="status"], main [role="alert"]').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the public pages', async ({ page }) => {
      const findings: string[] = [];
      for (const path of ['/login', '/forgot-password']) {
        await page.goto(path);
        await expect(page.getByRole('button').first()).toBeVisible();
        findings.push(...(await seriousFindings(page)).map((text) => `${path}: ${text}`));
      }
      expect(findings).toEqual([]);
    });

    const accounts: DemoUsername[] = [...new Set(DEMO_ACCOUNTS.map((account) => account.username))];
    for (const username of accounts) {
      test(`every screen of ${username}`, async ({ page }) => {
        const routes = openableRoutes(username);
        // A budget per screen: the admin's walk grows with every screen the console gains.
        test.setTimeout(30_000 + 15_000 * routes.length);
        await signIn(page, username);
        const findings: string[] = [];
        for (const route of routes) {
          await page.goto(route.path);
          await settle(page);
          findings.push(...(await seriousFindings(page)).map((text) => `${route.path}: ${text}`));
        }
        expect(findings).toEqual([]);
      });
    }
  });
}
