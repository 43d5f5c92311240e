/**
 * The published API reference (/api/docs): Swagger UI renders the service API in Chromium under
 * the console's Content-Security-Policy, public, and not swallowed by the console's service
 * worker or its page fallback.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAxeClean } from './support/axe';

/** Console errors and CSP violations the page reports from now on. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

async function expectReference(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/service API/);
  const ingest = page.locator('.opblock-post', { hasText: '/api/v1/contents' });
  await expect(ingest.first()).toBeVisible();
  await expect(
    page.locator('.opblock-get .opblock-summary-path', { hasText: '/api/v1/contents/{id}' }),
  ).toBeVisible();
  await expect(page.getByText('Webhooks', { exact: true }).first()).toBeVisible();
  // No console page: the console's shell never rendered here.
  await expect(page.locator('#root')).toHaveCount(0);
}

test('the reference renders its operations without signing in and without CSP errors', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expectReference(page);

  // An operation opens with its schemas and the Idempotency-Key header.
  await page.locator('.opblock-post .opblock-summary', { hasText: '/api/v1/contents' }).click();
  await expect(page.getByText('Idempotency-Key').first()).toBeVisible();
  expect(problems).toEqual([]);

  // Open, with its schemas showing, the reference passes axe like the console's screens.
  await page.locator('.opblock-post .opblock-summary', { hasText: 'contentModerated' }).click();
  await expect(page.getByText('webhook-signature').first()).toBeVisible();
  await expectAxeClean(page);
});

test.describe('with the console service worker', () => {
  // The configuration blocks service workers unless a test asks for one.
  test.use({ serviceWorkers: 'allow' });

  test('leaves the reference to the server', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto('/login');
    // Once the worker controls the origin, a navigation to /api/docs goes past it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    // What the sign-in page logged (its 401 for "who am I") is not the reference's.
    problems.length = 0;
    await page.goto('/api/docs');
    await expectReference(page);
    expect(problems).toEqual([]);
  });
});
