import { describe, expect, it } from 'vitest';
import {
  createLocalAiProvider,
  MAX_SCANNED_CHARS,
  MAX_WORDS,
} from '../../../../server/features/ai/local-ai-provider';

const provider = createLocalAiProvider();
const service = {
  tags: ['spam', 'drugs', 'hate_speech', 'violence'],
  wordLists: {
    spam: ['free money', 'click here'],
    drugs: ['pills', 'weed'],
    hate_speech: ['vermin'],
    violence: [],
  },
};
const text = (content: string) =>
  provider.suggest({ messageType: 'text', content, fileUrl: null, ...service });

describe('local AI provider', () => {
  it('suggests every tag whose words occur, ignoring case, with reasoning and a time', async () => {
    const answer = await text('CLICK HERE for Free   Money and cheap PILLS');
    expect(answer?.tags).toEqual(['spam', 'drugs']);
    expect(answer?.reasoning).toContain("spam: 'free money', 'click here'");
    expect(answer?.responseTimeSeconds).toBeGreaterThanOrEqual(0);
    expect(answer?.responseTimeSeconds).toBeLessThan(1);
  });

  it('matches whole words only, in any script', async () => {
    expect((await text('my spillsite and weedkiller'))?.tags).toEqual(['SAFE']);
    expect((await text('weed, vermin!'))?.tags).toEqual(['drugs', 'hate_speech']);
    expect((await text('über-pills'))?.tags).toEqual(['drugs']);
  });

  it('answers SAFE when nothing matches, and only for tags of the service', async () => {
    const answer = await text('A lovely day at the beach');
    expect(answer).toMatchObject({ tags: ['SAFE'], reasoning: expect.any(String) });
    const other = await provider.suggest({
      messageType: 'text',
      content: 'pills',
      fileUrl: null,
      tags: ['spam'],
      wordLists: service.wordLists,
    });
    expect(other?.tags).toEqual(['SAFE']);
  });

  it('has no answer for media', async () => {
    for (const messageType of ['image', 'video', 'other'] as const) {
      expect(
        await provider.suggest({
          messageType,
          content: 'https://example.com/pills.png',
          fileUrl: null,
          ...service,
        }),
      ).toBeNull();
    }
  });

  it('bounds the work per item: only the start of a huge text and the first words are scanned', async () => {
    const huge = `${'lorem ipsum '.repeat(100_000)} pills`;
    expect(huge.length).toBeGreaterThan(MAX_SCANNED_CHARS);
    const wordLists = {
      spam: Array.from({ length: 5_000 }, (_, index) => `word${index}`),
      drugs: ['pills'],
    };
    const answer = await provider.suggest({
      messageType: 'text',
      content: huge,
      fileUrl: null,
      tags: ['spam', 'drugs'],
      wordLists,
    });
    // The text past the cap (where 'pills' is) and the words past MAX_WORDS are not read: what
    // the answer shows, with no clock to fail on a loaded machine.
    expect(answer?.tags).toEqual(['SAFE']);
    const early = await provider.suggest({
      messageType: 'text',
      content: `pills ${huge}`,
      fileUrl: null,
      tags: ['drugs'],
      wordLists: { drugs: ['pills'] },
    });
    expect(early?.tags).toEqual(['drugs']);
    expect(MAX_WORDS).toBeLessThan(wordLists.spam.length);
  });
});
