/**
 * A channel view in the browser: a client service sends a voice message (the demo's sample WAV,
 * with a transcript); an administrator opens /voice, resumes moderation there, gets the item,
 * plays it in the audio player and drives it by keyboard, then submits it and the service
 * reads its decision.
 */
import { CHANNEL_TEXTS } from '../../src/contract/channels';
import { ingestEndpoints, MODERATION_TEXTS } from '../../src/contract/content';
import { AUDIO_PLAYER_TEXTS } from '../../src/features/channels/audio-controls';
import { ingestItems, serviceClient, textItem } from '../support/protocol';
import { seriousFindings } from './support/axe';
import { expect, pageOn, signIn, test, useOwnServer } from './support/fixtures';
import { CHAT, demoToken } from './support/queue';

test.describe('channel views', () => {
  const server = useOwnServer();

  test('a voice item is claimed on /voice, played and driven by keyboard, then submitted', async ({
    browser,
  }) => {
    const token = demoToken(server, CHAT);
    const audio = `${server.baseURL}/demo-media/voice-message.wav`;
    const [textId, voiceId] = await ingestItems(server.baseURL, token, [
      textItem(1, { subscriber_id: 'channels-e2e', content: 'not a voice message' }),
      textItem(2, {
        subscriber_id: 'channels-e2e',
        message_type: 'audio',
        content: audio,
        channel: 'voice',
        transcript: 'Call me back about the tickets.',
      }),
    ]);

    const page = await pageOn(browser, server);
    await signIn(page, 'admin');
    await page.goto('/voice');
    // Parked: /park first, and Resume comes back to /voice.
    await page.getByRole('button', { name: MODERATION_TEXTS.resume }).first().click();
    await expect(page).toHaveURL(/\/voice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CHANNEL_TEXTS.titles.voice);

    const card = page.getByRole('article', { name: new RegExp(`^#${voiceId} · `) });
    await expect(card).toBeVisible({ timeout: 20_000 });
    // Only the voice channel's item: the plain text stays in the queue for /moderation.
    await expect(page.getByRole('article', { name: new RegExp(`^#${textId} · `) })).toHaveCount(0);
    await expect(card.getByTestId('transcript')).toHaveText('Call me back about the tickets.');

    await card.getByRole('button', { name: 'Click to load audio' }).click();
    const player = card.getByRole('group', { name: `Audio of item ${voiceId}` });
    await expect(player).toBeVisible();
    // The sample decodes: its waveform is drawn, not the plain bar.
    await expect(player.getByTestId('audio-waveform')).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);

    const element = card.locator('audio');
    await player.focus();
    await page.keyboard.press(' ');
    await expect(player.getByRole('button', { name: AUDIO_PLAYER_TEXTS.pause })).toBeVisible();
    await expect.poll(() => element.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await expect(player.getByLabel(AUDIO_PLAYER_TEXTS.speed)).toHaveValue('1.5');
    await expect.poll(() => element.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
    await page.keyboard.press('[');
    await expect(player.getByLabel(AUDIO_PLAYER_TEXTS.speed)).toHaveValue('1.25');
    await page.keyboard.press(' ');
    await expect(player.getByRole('button', { name: AUDIO_PLAYER_TEXTS.play })).toBeVisible();
    await expect.poll(() => element.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    // The arrows seek: back to the start, then 5 s on (the end of this 3 s sample).
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => element.evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => element.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(2.5);

    await card.getByRole('button', { name: `Submit item ${voiceId}` }).click();
    await expect(card).toHaveCount(0);
    const service = serviceClient(server.baseURL, token);
    await expect
      .poll(
        async () =>
          (
            await service.callOk(
              ingestEndpoints.decision,
              { params: { id: voiceId ?? 0 } },
              { csrf: false, requestedWith: false },
            )
          ).data.status,
      )
      .toBe('decided');
    await page.context().close();
  });
});
