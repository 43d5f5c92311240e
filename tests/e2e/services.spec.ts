/**
 * Services and subscribers. An administrator creates a service with a callback URL, sees its
 * signing secret once (copies it; once closed it is shown nowhere), reorders and relabels its tag
 * options with the keyboard (and removes the callback), then blocks a subscriber on /subscriber
 * and that subscriber's next item is refused at ingest.
 */
import { serviceTokenEndpoints } from '../../src/contract/service-tokens';
import { serviceEndpoints } from '../../src/contract/services';
import { SUBSCRIBER_TEXTS } from '../../src/contract/subscribers';
import { SERVICES_TEXTS } from '../../src/features/services/services-texts';
import { SUBSCRIBERS_TEXTS } from '../../src/features/subscribers/subscribers-texts';
import { ingest, textItem } from '../support/protocol';
import { expect, notice, pageClient, signIn, tabTitle, test } from './support/fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

// A public address literal: accepted without DNS. The edit below clears it before the service
// sends any item, so no delivery is ever attempted to it (another test may decide the item).
const CALLBACK = 'https://93.184.215.14/moderation-results';

test('create a service, see its secret once, edit its tags, block a subscriber', async ({
  page,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const code = `e2e-${suffix}`;
  const name = `E2E Shop ${suffix}`;
  await signIn(page, 'admin');
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SERVICES_TEXTS.title);
  await expect(page).toHaveTitle(tabTitle(SERVICES_TEXTS.title));
  await expect(page.getByRole('link', { name: SERVICES_TEXTS.apiReference })).toHaveAttribute(
    'target',
    '_blank',
  );

  await test.step('create it with a callback URL and two tags', async () => {
    await page.getByRole('button', { name: SERVICES_TEXTS.newService }).click();
    const dialog = page.getByRole('dialog', { name: SERVICES_TEXTS.createTitle });
    await dialog.getByLabel(SERVICES_TEXTS.fields.name).fill(name);
    await dialog.getByLabel(SERVICES_TEXTS.fields.code).fill(code);
    await dialog.getByLabel(SERVICES_TEXTS.fields.callbackUrl).fill(CALLBACK);
    await dialog.getByRole('button', { name: SERVICES_TEXTS.tags.add }).click();
    await expect(dialog.getByLabel(`${SERVICES_TEXTS.tags.name} 1`)).toBeFocused();
    await page.keyboard.type('spam');
    await dialog.getByLabel(`${SERVICES_TEXTS.tags.label} 1`).fill('Spam');
    await dialog.getByRole('button', { name: SERVICES_TEXTS.tags.add }).click();
    await page.keyboard.type('hate_speech');
    await dialog.getByLabel(`${SERVICES_TEXTS.tags.label} 2`).fill('Hate');
    await dialog.getByRole('button', { name: SERVICES_TEXTS.create }).click();
  });

  let secret = '';
  const secretDialog = page.getByRole('dialog', { name: SERVICES_TEXTS.secret.createdTitle(name) });
  await test.step('the secret is shown once, copied, and gone after closing', async () => {
    const shown = secretDialog.getByTestId('signing-secret');
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
    secret = (await shown.textContent()) ?? '';
    // Neither a click beside it nor Escape closes it.
    await page.mouse.click(5, 5);
    await page.keyboard.press('Escape');
    await expect(secretDialog).toBeVisible();
    await secretDialog.getByRole('button', { name: SERVICES_TEXTS.secret.copy }).click();
    await expect(notice(page, SERVICES_TEXTS.secret.copyDone, 'success')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole('button', { name: SERVICES_TEXTS.secret.done }).click();
    await expect(secretDialog).toBeHidden();
    const row = page.getByTestId(`service-row-${code}`);
    await expect(row).toContainText(name);
    await expect(page.locator('body')).not.toContainText('whsec_');
    // Nor does the list the page reads carry it.
    const listed = await (
      await pageClient(page)
    ).call(serviceEndpoints.list, {
      query: { search: code },
    });
    expect(listed.body.data?.map((service) => service.code)).toEqual([code]);
    expect(listed.text).not.toContain('whsec_');
  });

  await test.step('edit: move the second tag up with the keyboard and relabel it', async () => {
    await page.getByRole('button', { name: SERVICES_TEXTS.editLabel(name) }).click();
    const dialog = page.getByRole('dialog', { name: SERVICES_TEXTS.editTitle(name) });
    await dialog.getByRole('button', { name: SERVICES_TEXTS.tags.moveUp('hate_speech') }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel(`${SERVICES_TEXTS.tags.name} 1`)).toHaveValue('hate_speech');
    // At the top the focus moved to the same tag's Move down button.
    await expect(
      dialog.getByRole('button', { name: SERVICES_TEXTS.tags.moveDown('hate_speech') }),
    ).toBeFocused();
    await dialog.getByLabel(`${SERVICES_TEXTS.tags.label} 1`).fill('Hate speech');
    await expect(dialog.getByLabel(SERVICES_TEXTS.fields.callbackUrl)).toHaveValue(CALLBACK);
    await dialog.getByLabel(SERVICES_TEXTS.fields.callbackUrl).clear();
    await dialog.getByRole('button', { name: SERVICES_TEXTS.save }).click();
    await expect(dialog).toBeHidden();
    await expect(notice(page, SERVICES_TEXTS.saved(name), 'success')).toBeVisible();
    const tags = page.getByTestId(`service-row-${code}`).getByTitle(/^(spam|hate_speech)$/);
    await expect(tags).toHaveText(['1Hate speech', '2Spam']);
    await expect(page.getByTestId(`service-row-${code}`)).toContainText(SERVICES_TEXTS.noCallback);
  });

  const client = await pageClient(page);
  const services = await client.callOk(serviceTokenEndpoints.serviceOptions, {});
  const serviceId = services.find((service) => service.name === name)?.id ?? 0;
  const token = await client.callOk(serviceTokenEndpoints.create, {
    body: { service_id: serviceId },
  });
  const raw = token.data.raw_token ?? '';
  const subscriber = `e2e-sub-${suffix}`;
  const send = () =>
    ingest(baseURL ?? '', raw, textItem(1, { subscriber_id: subscriber, content: 'hello' }));
  expect((await send()).status).toBe(202);

  await test.step('block the subscriber on /subscriber', async () => {
    await page.goto('/subscriber');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SUBSCRIBERS_TEXTS.title);
    await page.getByLabel(SUBSCRIBERS_TEXTS.searchLabel).fill(subscriber);
    const row = page.getByTestId(`subscriber-row-${subscriber}`);
    await expect(row).toContainText(name);
    await expect(row).toContainText(SUBSCRIBERS_TEXTS.allowed);
    await row.getByRole('button', { name: SUBSCRIBERS_TEXTS.editLabel(subscriber) }).click();
    const dialog = page.getByRole('dialog', { name: SUBSCRIBERS_TEXTS.editTitle(subscriber) });
    await dialog.getByLabel(SUBSCRIBERS_TEXTS.fields.name).fill('Troublemaker');
    await dialog.getByLabel(SUBSCRIBERS_TEXTS.fields.notes).fill('Sends spam');
    await dialog.getByRole('switch', { name: SUBSCRIBERS_TEXTS.fields.blocked }).click();
    await dialog.getByRole('button', { name: SUBSCRIBERS_TEXTS.save }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Troublemaker');
    await expect(row).toContainText(SUBSCRIBERS_TEXTS.blocked);
  });

  await test.step("the blocked subscriber's next item is refused", async () => {
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(SUBSCRIBER_TEXTS.blocked(subscriber));
  });
});
