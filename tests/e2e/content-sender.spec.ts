/**
 * The content sender in the browser: an administrator uploads a picture (a PNG the browser calls
 * a video) as Demo Chat, sees what the server stored, sends it, and an operator gets it on
 * /moderation and sees the picture served by the console.
 */
import { CHANNEL_TEXTS } from '../../src/contract/channels';
import { MODERATION_TEXTS } from '../../src/contract/content';
import { CONTENT_SENDER_UI_TEXTS as TEXTS } from '../../src/features/content-sender/content-sender-texts';
import { expect, notice, pageOn, signIn, test, useOwnServer } from './support/fixtures';
import { seriousFindings } from './support/axe';
import { CHAT } from './support/queue';

/** One transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('content sender', () => {
  const server = useOwnServer();

  test('an admin sends an uploaded picture and an operator gets it on /moderation', async ({
    browser,
  }) => {
    const admin = await pageOn(browser, server);
    await signIn(admin, 'admin');
    await admin.goto('/content-sender');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(TEXTS.title);

    await admin.getByLabel(TEXTS.service).selectOption({ label: CHAT.name });
    await admin.getByLabel(TEXTS.subscriber).fill('e2e-sender');
    await admin.getByLabel(TEXTS.userId).fill('u-42');
    // Sending without content names what is missing.
    await admin.getByRole('radio', { name: TEXTS.sources.file }).check();
    await admin.getByRole('button', { name: TEXTS.send, exact: true }).click();
    await expect(admin.getByText('Choose a file and wait for its upload to finish')).toBeVisible();

    await admin
      .getByLabel(TEXTS.file)
      .setInputFiles({ name: 'holiday.mp4', mimeType: 'video/mp4', buffer: PNG });
    const preview = admin.getByTestId('upload-preview');
    await expect(preview).toContainText('image/png');
    await expect(preview.getByRole('img')).toHaveJSProperty('naturalWidth', 1);
    expect(await seriousFindings(admin)).toEqual([]);

    await admin.getByRole('button', { name: TEXTS.send, exact: true }).click();
    const sent = notice(admin, /Item \d+ sent as Demo Chat: it is in the queue\./);
    await expect(sent).toBeVisible();
    const id = Number(/Item (\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
    await expect(admin.getByTestId('sent-list')).toContainText(`#${id}`);
    // Who it was sent as stays for the next item; the file does not.
    await expect(admin.getByLabel(TEXTS.subscriber)).toHaveValue('e2e-sender');
    await expect(preview).toBeHidden();
    await admin.context().close();

    const operator = await pageOn(browser, server);
    await signIn(operator, 'operator');
    await operator.getByRole('button', { name: MODERATION_TEXTS.resume }).click();
    const card = operator.getByRole('article', { name: new RegExp(`^#${id} · `) });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Click to load image' }).click();
    const image = card.getByRole('img', { name: `Content item ${id}` });
    await expect(image).toHaveAttribute(
      'src',
      new RegExp(`/media/[0-9a-f]{2}/[0-9a-f]{64}\\.png$`),
    );
    await expect(image).toHaveJSProperty('naturalWidth', 1);
    await operator.context().close();
  });

  test('an admin sends an inbox message with its thread, and /inbox shows its sender and subject', async ({
    browser,
  }) => {
    const admin = await pageOn(browser, server);
    const field = (name: string) => admin.getByRole('textbox', { name, exact: true });
    await signIn(admin, 'admin');
    await admin.goto('/content-sender');
    await admin.getByLabel(TEXTS.service).selectOption({ label: CHAT.name });
    await admin.getByLabel(TEXTS.subscriber).fill('e2e-inbox');
    await admin.getByLabel(TEXTS.userId).fill('u-7');
    await admin.getByLabel(TEXTS.text).fill('Are the tickets still for sale?');

    // A chat message needs its conversation: the form says so beside the field.
    await admin.getByLabel(TEXTS.channel).selectOption({ label: CHANNEL_TEXTS.titles.chat });
    await admin.getByRole('button', { name: TEXTS.send, exact: true }).click();
    await expect(field(TEXTS.conversationId)).toBeFocused();
    await expect(admin.getByText(`${TEXTS.conversationId} is required`)).toBeVisible();

    // Another channel clears the chat's field and asks for its own.
    await admin.getByLabel(TEXTS.channel).selectOption({ label: CHANNEL_TEXTS.titles.inbox });
    await expect(field(TEXTS.conversationId)).toBeHidden();
    await field(CHANNEL_TEXTS.from).fill('alice@example.com');
    await field(CHANNEL_TEXTS.to).fill('tickets@example.com');
    await admin.getByRole('button', { name: TEXTS.send, exact: true }).click();
    await expect(field(CHANNEL_TEXTS.thread)).toBeFocused();
    await expect(admin.getByText(`${CHANNEL_TEXTS.thread} is required`)).toBeVisible();
    await field(CHANNEL_TEXTS.thread).fill('thread-77');
    await field(CHANNEL_TEXTS.subject).fill('Tickets');
    expect(await seriousFindings(admin)).toEqual([]);
    await admin.getByRole('button', { name: TEXTS.send, exact: true }).click();
    const sent = notice(admin, /Item \d+ sent as Demo Chat: it is in the queue\./);
    await expect(sent).toBeVisible();
    const id = Number(/Item (\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
    // The next message of the same thread keeps its channel and context.
    await expect(field(CHANNEL_TEXTS.thread)).toHaveValue('thread-77');

    await admin.goto('/inbox');
    await admin.getByRole('button', { name: MODERATION_TEXTS.resume }).first().click();
    await expect(admin).toHaveURL(/\/inbox$/);
    const card = admin.getByRole('article', { name: new RegExp(`^#${id} · `) });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText('alice@example.com');
    await expect(card).toContainText('tickets@example.com');
    await expect(card).toContainText('Tickets');
    await admin.context().close();
  });
});
