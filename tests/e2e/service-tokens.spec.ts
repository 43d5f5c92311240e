/**
 * Service API Tokens (SPEC §2, §5, §8). An administrator creates a token through the
 * whole flow, copies it, a client service ingests with it, the administrator revokes it and the
 * next ingest is refused at once.
 */
import { SERVICE_TOKEN_TEXTS, serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { TOKEN_PAGE_TEXTS } from '../../src/features/service-tokens/service-token-page-texts';
import { ingest as ingestAs, textItem } from '../support/protocol';
import { expect, notice, pageClient, signIn, tabTitle, test } from './support/fixtures';

const SERVICE = 'Demo Chat';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('create, copy, ingest, revoke: the revoked token is refused at once', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'admin');
  await page.goto('/service-tokens');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERVICE_TOKEN_TEXTS.title);
  await expect(page).toHaveTitle(tabTitle(SERVICE_TOKEN_TEXTS.title));
  const table = page.getByRole('table', { name: SERVICE_TOKEN_TEXTS.title });
  await expect(table.getByRole('columnheader')).toHaveText([...TOKEN_PAGE_TEXTS.columns]);

  let raw = '';
  await test.step('create: pick a service, Create, Yes', async () => {
    await page.getByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }).click();
    const dialog = page.getByRole('dialog', { name: TOKEN_PAGE_TEXTS.createTitle });
    const create = dialog.getByRole('button', { name: TOKEN_PAGE_TEXTS.create });
    await expect(create).toBeDisabled();
    await dialog.getByLabel(TOKEN_PAGE_TEXTS.serviceLabel).selectOption({ label: SERVICE });
    await create.click();
    const question = page.getByRole('alertdialog', { name: TOKEN_PAGE_TEXTS.confirmTitle });
    await expect(question).toContainText(TOKEN_PAGE_TEXTS.confirmQuestion(SERVICE));
    await question.getByRole('button', { name: TOKEN_PAGE_TEXTS.yes }).click();
  });

  const result = page.getByRole('dialog', { name: TOKEN_PAGE_TEXTS.resultTitle });
  await test.step('the result shows the token masked; closing needs a copy first', async () => {
    const token = result.getByTestId('created-token');
    await expect(token).toHaveText(/^.{4}\*+.$/);
    // A click on the backdrop does not close it.
    await page.mouse.click(5, 5);
    await expect(result).toBeVisible();

    await result.getByRole('button', { name: TOKEN_PAGE_TEXTS.close }).click();
    await expect(result.getByText(SERVICE_TOKEN_TEXTS.closeQuestion)).toBeVisible();
    const yes = result.getByRole('button', { name: TOKEN_PAGE_TEXTS.yes });
    await expect(yes).toBeDisabled();

    await result.getByRole('button', { name: TOKEN_PAGE_TEXTS.showToken }).click();
    raw = (await token.textContent()) ?? '';
    expect(raw).not.toContain('*');
    await expect(yes).toBeDisabled();

    await result.getByRole('button', { name: TOKEN_PAGE_TEXTS.copy }).click();
    await expect(notice(page, SERVICE_TOKEN_TEXTS.copied, 'success')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);
    await expect(yes).toBeEnabled();
    await yes.click();
    await expect(result).toBeHidden();
  });

  const ingest = () =>
    ingestAs(
      baseURL ?? '',
      raw,
      textItem(0, { subscriber_id: 'e2e-subscriber', content: `Token check ${Date.now()}` }),
    );

  await test.step('a client service ingests with the new token', async () => {
    const response = await ingest();
    expect(response.status, response.text).toBeLessThan(300);
  });

  await test.step('revoke it, after a confirmation that shows it masked', async () => {
    await page.getByPlaceholder(SERVICE_TOKEN_TEXTS.search).fill(SERVICE);
    // Newest first: the token just made is the first active row of the service.
    const row = table.getByRole('row').filter({ hasText: SERVICE }).first();
    await row.getByRole('button', { name: TOKEN_PAGE_TEXTS.revokeLabel(SERVICE) }).click();
    const dialog = page.getByRole('alertdialog', { name: TOKEN_PAGE_TEXTS.revokeTitle });
    const masked = dialog.getByTestId('revoke-token-masked');
    await expect(masked).toHaveText(/^.{4}\*+.$/);
    const shown = (await masked.textContent()) ?? '';
    expect(shown.slice(0, 4)).toBe(raw.slice(0, 4));
    expect(shown.slice(-1)).toBe(raw.slice(-1));
    await dialog.getByRole('button', { name: TOKEN_PAGE_TEXTS.revoke }).click();
    await expect(notice(page, SERVICE_TOKEN_TEXTS.revoked, 'success')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the next ingest with it is refused', async () => {
    const response = await ingest();
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ ok: false, code: 'unauthenticated', message: /revoked/ });
  });
});

test('search waits for typing to stop, filters on the server and clears', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/service-tokens');
  const table = page.getByRole('table', { name: SERVICE_TOKEN_TEXTS.title });
  await expect(table).toBeVisible();
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === serviceTokenEndpoints.list.path) requests.push(url.search);
  });
  const box = page.getByPlaceholder(SERVICE_TOKEN_TEXTS.search);
  await box.pressSequentially('Demo So', { delay: 50 });
  await expect.poll(() => requests.some((search) => search.includes('Demo+So'))).toBe(true);
  // One request for the whole word, none per keystroke.
  expect(requests.filter((search) => search.includes('service_name'))).toHaveLength(1);
  await expect(table.getByRole('row').filter({ hasText: 'Demo Chat' })).toHaveCount(0);

  await page.getByRole('button', { name: TOKEN_PAGE_TEXTS.clearSearch }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('token-range')).toBeVisible();
});

test('a role without section_service_tokens gets no page and a 403', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/service-tokens');
  await expect(page.getByRole('heading', { name: SERVICE_TOKEN_TEXTS.title })).toHaveCount(0);
  const list = await (await pageClient(page)).call(serviceTokenEndpoints.list, {});
  expect(list.status).toBe(403);
  expect(list.body.code).toBe('forbidden');
});
