/**
 * Onboarding a client service, the whole way as its people would: an administrator creates the
 * service with its callback URL and copies the signing secret shown once, issues its API token
 * on /service-tokens, the service sends an item through the ingest API, an operator tags and
 * submits it, and the signed webhook arrives at the service's receiver, where it verifies with
 * the secret the administrator was shown (after a rotation, during whose overlap a delivery
 * verifies with the old secret and the new): checked here by the Standard Webhooks scheme itself
 * (HMAC-SHA256 over "id.timestamp.body" with the base64 key after `whsec_`), not by our verifier.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { SERVICE_TOKEN_TEXTS } from '../../src/contract/service-tokens';
import { SERVICES_TEXTS } from '../../src/features/services/services-texts';
import { TOKEN_PAGE_TEXTS } from '../../src/features/service-tokens/service-token-page-texts';
import { ingestItems, textItem } from '../support/protocol';
import { expect, notice, pageOn, signIn, test, useOwnServer } from './support/fixtures';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The service's webhook endpoint: answers 200 and keeps what it got. */
async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/moderation-results`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks: any `v1,<base64 HMAC>` entry of the signature header may match. */
function verifiesWith(secret: string, webhook: ReceivedWebhook): boolean {
  const id = String(webhook.headers['webhook-id']);
  const timestamp = String(webhook.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${webhook.body}`).digest('base64')}`;
  return String(webhook.headers['webhook-signature']).split(' ').includes(expected);
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('onboarding a client service', () => {
  // The receiver is on this machine: private callback addresses are allowed on this server only.
  const server = useOwnServer({ env: { DELIVERY_ALLOW_PRIVATE_URLS: '1' } });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });

  test('create the service, issue its token, moderate its item, verify the signed webhook', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const name = 'Onboarded Shop';
    const admin = await pageOn(browser, server, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signIn(admin, 'admin');

    let secret = '';
    await test.step('the admin creates the service and copies its secret, shown once', async () => {
      await admin.goto('/services');
      await admin.getByRole('button', { name: SERVICES_TEXTS.newService }).click();
      const dialog = admin.getByRole('dialog', { name: SERVICES_TEXTS.createTitle });
      await dialog.getByLabel(SERVICES_TEXTS.fields.name).fill(name);
      await dialog.getByLabel(SERVICES_TEXTS.fields.code).fill('onboarded-shop');
      await dialog.getByLabel(SERVICES_TEXTS.fields.callbackUrl).fill(receiver.url);
      await dialog.getByRole('button', { name: SERVICES_TEXTS.tags.add }).click();
      await admin.keyboard.type('spam');
      await dialog.getByLabel(`${SERVICES_TEXTS.tags.label} 1`).fill('Spam');
      await dialog.getByRole('button', { name: SERVICES_TEXTS.create }).click();
      const shown = admin
        .getByRole('dialog', { name: SERVICES_TEXTS.secret.createdTitle(name) })
        .getByTestId('signing-secret');
      await expect(shown).toHaveText(/^whsec_/);
      secret = (await shown.textContent()) ?? '';
      await admin.getByRole('button', { name: SERVICES_TEXTS.secret.copy }).click();
      await admin.getByRole('button', { name: SERVICES_TEXTS.secret.done }).click();
      await expect(admin.getByTestId('service-row-onboarded-shop')).toContainText(name);
    });

    await test.step('a test delivery reaches the receiver and verifies', async () => {
      await admin.getByRole('button', { name: SERVICES_TEXTS.testDeliveryLabel(name) }).click();
      const dialog = admin.getByRole('dialog', { name: SERVICES_TEXTS.test.title(name) });
      await expect(dialog.getByTestId('test-delivery-status')).toHaveText('204');
      await expect(dialog).toContainText(SERVICES_TEXTS.test.delivered);
      await dialog.getByRole('button', { name: SERVICES_TEXTS.test.close }).click();
      expect(receiver.received).toHaveLength(1);
      expect(verifiesWith(secret, receiver.received[0] as ReceivedWebhook)).toBe(true);
      receiver.received.length = 0;
    });

    await test.step('during a rotation overlap a delivery verifies with either secret', async () => {
      await admin.getByRole('button', { name: SERVICES_TEXTS.rotateLabel(name) }).click();
      await admin
        .getByTestId('rotate-secret-dialog')
        .getByRole('button', { name: SERVICES_TEXTS.rotate_.confirm })
        .click();
      const shown = admin
        .getByRole('dialog', { name: SERVICES_TEXTS.secret.rotatedTitle(name) })
        .getByTestId('signing-secret');
      await expect(shown).toHaveText(/^whsec_/);
      const rotated = (await shown.textContent()) ?? '';
      expect(rotated).not.toBe(secret);
      await admin.getByRole('button', { name: SERVICES_TEXTS.secret.done }).click();

      await admin.getByRole('button', { name: SERVICES_TEXTS.testDeliveryLabel(name) }).click();
      const dialog = admin.getByRole('dialog', { name: SERVICES_TEXTS.test.title(name) });
      await expect(dialog.getByTestId('test-delivery-status')).toHaveText('204');
      await dialog.getByRole('button', { name: SERVICES_TEXTS.test.close }).click();
      const [webhook] = receiver.received;
      if (!webhook) throw new Error('no test delivery arrived');
      expect(verifiesWith(secret, webhook)).toBe(true);
      expect(verifiesWith(rotated, webhook)).toBe(true);
      receiver.received.length = 0;
      secret = rotated;
    });

    let token = '';
    await test.step('the admin issues its API token on /service-tokens', async () => {
      await admin.goto('/service-tokens');
      await admin.getByRole('button', { name: SERVICE_TOKEN_TEXTS.newToken }).click();
      const dialog = admin.getByRole('dialog', { name: TOKEN_PAGE_TEXTS.createTitle });
      await dialog.getByLabel(TOKEN_PAGE_TEXTS.serviceLabel).selectOption({ label: name });
      await dialog.getByRole('button', { name: TOKEN_PAGE_TEXTS.create }).click();
      await admin
        .getByRole('alertdialog', { name: TOKEN_PAGE_TEXTS.confirmTitle })
        .getByRole('button', { name: TOKEN_PAGE_TEXTS.yes })
        .click();
      const result = admin.getByRole('dialog', { name: TOKEN_PAGE_TEXTS.resultTitle });
      await result.getByRole('button', { name: TOKEN_PAGE_TEXTS.showToken }).click();
      token = (await result.getByTestId('created-token').textContent()) ?? '';
      await result.getByRole('button', { name: TOKEN_PAGE_TEXTS.copy }).click();
      await expect(notice(admin, SERVICE_TOKEN_TEXTS.copied, 'success')).toBeVisible();
      expect(token).not.toContain('*');
    });

    let contentId = 0;
    await test.step('the service sends an item with its token', async () => {
      const [id] = await ingestItems(server.baseURL, token, [
        textItem(0, { subscriber_id: 'shopper-1', content: 'Buy cheap watches now' }),
      ]);
      contentId = id ?? 0;
      expect(contentId).toBeGreaterThan(0);
    });

    await test.step('an operator tags it Spam and submits it', async () => {
      const operator = await pageOn(browser, server);
      await signIn(operator, 'operator');
      await expect(operator).toHaveURL(/\/park$/);
      await operator.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
      const card = operator.getByRole('article', { name: new RegExp(`^#${contentId} · `) });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText(name);
      await card.getByRole('button', { name: 'Spam', exact: true }).click();
      await operator.getByRole('button', { name: `Submit item ${contentId}`, exact: true }).click();
      await expect(card).toBeHidden();
    });

    await test.step('the signed webhook arrives and verifies with the secret shown', async () => {
      await expect
        .poll(() => receiver.received.length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(1);
      const [webhook] = receiver.received;
      if (!webhook) throw new Error('no webhook arrived');
      const body = JSON.parse(webhook.body) as {
        type?: string;
        data?: { content_id?: number; service?: string; moderated_status?: unknown };
      };
      expect(body.type).toBe('content.moderated');
      expect(body.data?.content_id).toBe(contentId);
      expect(body.data?.moderated_status).toMatchObject({ spam: 1 });
      expect(verifiesWith(secret, webhook)).toBe(true);
      // The same delivery with another secret does not verify: the check is not vacuous.
      expect(verifiesWith(`whsec_${Buffer.from('another key').toString('base64')}`, webhook)).toBe(
        false,
      );
    });
  });
});
