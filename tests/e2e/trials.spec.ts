/**
 * Demo and trial in the browser: the demo role lands on its sandbox and compares decisions with
 * the reference; strangers, without signing in, moderate a brand's samples, check a text with
 * the AI and leave their contact details, which an administrator then finds on /users; an
 * administrator sets up a brand whose pages appear at once.
 */
import { randomBytes } from 'node:crypto';
import { demoEndpoints } from '../../src/contract/demo';
import { SANDBOX_TEXTS } from '../../src/features/demo/demo-texts';
import { TRIAL_BRANDS_TEXTS } from '../../src/features/trial-brands/trial-brands-texts';
import { TRIAL_SIGNUPS_TEXTS } from '../../src/features/trial-signups/trial-signups-texts';
import { TRIAL_TEXTS } from '../../src/features/trials/trials-texts';
import { seriousFindings } from './support/axe';
import { expect, pageClient, pageOn, signIn, test, useOwnServer } from './support/fixtures';

test.describe('demo and trial', () => {
  const server = useOwnServer();

  test('the demo role lands on /trial-page, moderates samples and sees the comparison', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    await signIn(page, 'demo');
    await expect(page).toHaveURL(/\/trial-page$/);
    await (await pageClient(page)).callOk(demoEndpoints.reset, {});
    await page.reload();
    await expect(
      page.getByRole('heading', { name: SANDBOX_TEXTS.demoTitle, level: 1 }),
    ).toBeVisible();
    // The demo role works without the drawer and sees no counts.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByTestId('top-bar-counts')).toHaveCount(0);
    await expect(page.getByTestId('sandbox-progress')).toHaveText(SANDBOX_TEXTS.progress(0, 8));

    // The film review: the AI flags violence; the reference leaves it untagged.
    const review = page.locator('[data-card-id="104"]');
    await expect(review.getByLabel('AI suggestions')).toContainText('Violence');
    await review.getByRole('button', { name: 'Submit item 104' }).click();
    const reviewVerdict = page.locator('[data-verdict-id="104"]');
    await expect(reviewVerdict).toContainText('Matches the reference');
    await expect(reviewVerdict).toContainText('AI wrong');
    await expect(reviewVerdict).toContainText('film review');

    // The giveaway comment, from the keyboard: 1 toggles Spam, Enter submits.
    const giveaway = page.locator('[data-card-id="101"]');
    await giveaway.focus();
    await page.keyboard.press('1');
    await expect(giveaway.getByRole('button', { name: /Spam/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-verdict-id="101"]')).toContainText('Matches the reference');

    // Half right on the meme: one of the two reference tags.
    const meme = page.locator('[data-card-id="108"]');
    await meme.getByRole('button', { name: /Violence/ }).click();
    await meme.getByRole('button', { name: 'Submit item 108' }).click();
    const memeVerdict = page.locator('[data-verdict-id="108"]');
    await expect(memeVerdict).toContainText('Partly matches');
    await expect(memeVerdict).toContainText(`${SANDBOX_TEXTS.missed}: Harassment`);
    await expect(page.getByTestId('sandbox-progress')).toHaveText(SANDBOX_TEXTS.progress(3, 8));
    expect(await seriousFindings(page)).toEqual([]);

    // The comparison is kept on the server: a reload shows it again.
    await page.reload();
    await expect(page.locator('[data-verdict-id="108"]')).toContainText('Partly matches');

    await page.getByRole('button', { name: SANDBOX_TEXTS.reset }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: SANDBOX_TEXTS.reset }).click();
    await expect(page.getByTestId('sandbox-progress')).toHaveText(SANDBOX_TEXTS.progress(0, 8));
    await expect(page.locator('[data-card-id="104"]')).toBeVisible();
    await page.context().close();
  });

  test('a stranger moderates a brand’s samples and the live counter counts them', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    await page.goto('/trial/northwind/public');
    const total = page.getByTestId('counter-total');
    await expect(total).toBeVisible();
    const before = Number((await total.locator('dd').textContent())?.replace(/\D/g, ''));

    await page.goto('/trial/northwind');
    await expect(
      page.getByRole('heading', { name: TRIAL_TEXTS.sandboxTitle('Northwind Social'), level: 1 }),
    ).toBeVisible();
    // The console's own layout is hidden: no app bar, no profile menu.
    await expect(page.getByRole('button', { name: /^Profile menu for / })).toHaveCount(0);
    const hate = page.locator('[data-card-id="105"]');
    await hate.getByRole('button', { name: /Hate Speech/ }).click();
    await hate.getByRole('button', { name: 'Submit item 105' }).click();
    await expect(page.locator('[data-verdict-id="105"]')).toContainText('Matches the reference');
    await expect(page.getByTestId('sandbox-progress')).toHaveText(SANDBOX_TEXTS.progress(1, 8));

    await page.getByRole('link', { name: TRIAL_TEXTS.nav.counter }).click();
    await expect(page).toHaveURL(/\/trial\/northwind\/public$/);
    await expect(total.locator('dd')).toHaveText(String(before + 1));
    // Back on the trial, the comparison is still there for this visitor.
    await page.goBack();
    await expect(page.locator('[data-verdict-id="105"]')).toBeVisible();

    await page.goto('/trial/no-such-brand');
    await expect(page.getByRole('heading', { name: TRIAL_TEXTS.notFoundTitle })).toBeVisible();
    await expect(page.getByText('There is no trial called “no-such-brand”.')).toBeVisible();
    await page.context().close();
  });

  test('a stranger checks a text on /trial/northwind/text without signing in', async ({
    browser,
  }) => {
    const page = await pageOn(browser, server);
    await page.goto('/trial/northwind/text');
    await expect(
      page.getByRole('heading', { name: TRIAL_TEXTS.textTitle, level: 1 }),
    ).toBeVisible();
    await page
      .getByLabel(TRIAL_TEXTS.textLabel)
      .fill('Congratulations, lucky winner! Click here for free money. Shut up and take it.');
    await page.getByRole('button', { name: TRIAL_TEXTS.textSubmit }).click();
    const result = page.getByTestId('text-check-result');
    await expect(result.getByRole('list', { name: 'Suggested tags' })).toHaveText(
      /Spam\s*Harassment/,
    );
    await expect(result).toContainText("spam: 'click here', 'free money', 'lucky winner'");
    await expect(result).toContainText('Answered by the built-in word lists');
    expect(await seriousFindings(page)).toEqual([]);

    await page.getByLabel(TRIAL_TEXTS.textLabel).fill('See you at the match tonight!');
    await page.getByRole('button', { name: TRIAL_TEXTS.textSubmit }).click();
    await expect(result).toContainText(TRIAL_TEXTS.resultNothing);
    await page.context().close();
  });

  test('a stranger leaves contact details, is thanked, and an admin finds them on /users', async ({
    browser,
  }) => {
    const email = `prospect-${randomBytes(3).toString('hex')}@example.com`;
    const page = await pageOn(browser, server);
    await page.goto('/trial/northwind');
    const form = page.getByTestId('signup');
    await form.getByRole('button', { name: TRIAL_TEXTS.signupSubmit }).click();
    await expect(form.getByText('Enter your name')).toBeVisible();
    await expect(form.getByText('Tick the box so that we may contact you')).toBeVisible();
    await form.getByLabel(TRIAL_TEXTS.signupName).fill('Priya Raman');
    await form.getByLabel(TRIAL_TEXTS.signupEmail).fill(email);
    await form.getByLabel(TRIAL_TEXTS.signupCompany).fill('Northwind Social');
    await form
      .getByLabel(TRIAL_TEXTS.signupMessage)
      .fill('About 40,000 comments a day, 12 moderators.');
    await form.getByLabel(TRIAL_TEXTS.signupConsent).check();
    await form.getByRole('button', { name: TRIAL_TEXTS.signupSubmit }).click();
    await expect(page).toHaveURL(/\/trial\/regcomplete\?brand=northwind$/);
    await expect(
      page.getByRole('heading', { name: TRIAL_TEXTS.doneTitle, level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: TRIAL_TEXTS.doneBack('Northwind Social') }),
    ).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await page.context().close();

    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/users');
    await admin.getByRole('link', { name: TRIAL_SIGNUPS_TEXTS.tab }).click();
    await expect(admin).toHaveURL(/\/users\?tab=trial-signups/);
    const row = admin.getByTestId(`signup-row-${email}`);
    await expect(row).toContainText('Priya Raman');
    await expect(row).toContainText('Northwind Social');
    await expect(row).toContainText('About 40,000 comments a day');
    expect(await seriousFindings(admin)).toEqual([]);
    await admin.context().close();
  });

  test('an admin sets up a brand, and its trial page shows in its colours', async ({ browser }) => {
    const slug = `bazaar-${randomBytes(2).toString('hex')}`;
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/trial-brands');
    await expect(admin.getByTestId('brand-row-northwind')).toBeVisible();
    await admin.getByRole('button', { name: TRIAL_BRANDS_TEXTS.newBrand }).click();
    const dialog = admin.getByTestId('brand-form-dialog');
    await dialog.getByLabel(TRIAL_BRANDS_TEXTS.name).fill('Bazaar');
    await dialog.getByLabel(TRIAL_BRANDS_TEXTS.slug).fill('regcomplete');
    await dialog
      .getByRole('textbox', { name: TRIAL_BRANDS_TEXTS.primary, exact: true })
      .fill('#fde047');
    await dialog.getByLabel(TRIAL_BRANDS_TEXTS.set).selectOption({ label: 'Marketplace' });
    await dialog.getByRole('button', { name: TRIAL_BRANDS_TEXTS.create }).click();
    await expect(dialog.getByText('"regcomplete" is the address of another page')).toBeVisible();
    expect(await seriousFindings(admin)).toEqual([]);
    await dialog.getByLabel(TRIAL_BRANDS_TEXTS.slug).fill(slug);
    await dialog.getByRole('button', { name: TRIAL_BRANDS_TEXTS.create }).click();
    await expect(admin.getByTestId(`brand-row-${slug}`)).toContainText('Marketplace');

    const visitor = await pageOn(browser, server);
    await visitor.goto(`/trial/${slug}`);
    await expect(
      visitor.getByRole('heading', { name: TRIAL_TEXTS.sandboxTitle('Bazaar'), level: 1 }),
    ).toBeVisible();
    // A light brand colour gets dark text on it.
    const header = visitor.locator('header').first();
    await expect(header).toHaveCSS('background-color', 'rgb(253, 224, 71)');
    await expect(header).toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect(visitor.locator('[data-card-id="201"]')).toContainText('gift card');
    await visitor.context().close();

    await admin.getByRole('button', { name: TRIAL_BRANDS_TEXTS.deleteLabel('Bazaar') }).click();
    await admin
      .getByRole('alertdialog')
      .getByRole('button', { name: TRIAL_BRANDS_TEXTS.delete })
      .click();
    await expect(admin.getByTestId(`brand-row-${slug}`)).toHaveCount(0);
    await admin.context().close();
  });
});
