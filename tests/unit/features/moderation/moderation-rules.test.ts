import { describe, expect, it } from 'vitest';
import { MODERATION_TEXTS } from '../../../../src/contract/content';
import {
  aiSuggestion,
  buildResult,
  canSubmitBatch,
  canSubmitItem,
  checkCustomTag,
  CUSTOM_TAG_TEXTS,
  filterItems,
  formatTagLabel,
  meetsTagRule,
  previewReasoning,
} from '../../../../src/features/moderation/moderation-rules';
import { formatArrivalTime } from '../../../../src/lib/dates';
import { moderationItem } from './fixtures';

const untagged = moderationItem();
const tagged = moderationItem({
  tags: [
    { name: 'nudity', selected: true },
    { name: 'spam', selected: false },
  ],
});
const custom = moderationItem({ customTag: 'weapon' });
const optional = moderationItem({ submit_without_tags: 'yes' });

describe('formatTagLabel', () => {
  it.each([
    ['hate_speech', 'Hate Speech'],
    ['nudity', 'Nudity'],
    ['ADULT_content', 'Adult Content'],
    ['under__score_', 'Under Score'],
    ['', ''],
  ])('%s -> %s', (name, label) => expect(formatTagLabel(name)).toBe(label));
});

describe('single submit rule (SPEC §5)', () => {
  it('needs a tag or a custom tag when submit_without_tags is no', () => {
    expect(canSubmitItem(untagged, false)).toBe(false);
    expect(canSubmitItem(tagged, false)).toBe(true);
    expect(canSubmitItem(custom, false)).toBe(true);
  });

  it('a blank custom tag does not count as a selection', () => {
    expect(meetsTagRule(moderationItem({ customTag: '   ' }))).toBe(false);
  });

  it('allows an untagged item when submit_without_tags is yes', () => {
    expect(canSubmitItem(optional, false)).toBe(true);
  });

  it('is disabled while a submit is in progress', () => {
    expect(canSubmitItem(tagged, true)).toBe(false);
    expect(canSubmitItem(optional, true)).toBe(false);
  });
});

describe('batch submit rule (SPEC §5)', () => {
  it('is disabled for an empty list', () => {
    expect(canSubmitBatch([], false)).toBe(false);
  });

  it('is disabled when any item fails the tag rule', () => {
    expect(canSubmitBatch([tagged, optional, untagged], false)).toBe(false);
  });

  it('is enabled when every item passes', () => {
    expect(canSubmitBatch([tagged, optional, custom], false)).toBe(true);
  });

  it('is disabled while submitting', () => {
    expect(canSubmitBatch([tagged], true)).toBe(false);
  });
});

describe('previewReasoning', () => {
  const long = 'x'.repeat(49) + 'yz' + ' and more text that follows';

  it('cuts at 50 characters with an ellipsis until expanded', () => {
    const cut = previewReasoning(long, false);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe(`${'x'.repeat(49)}y...`);
    expect(previewReasoning(long, true)).toEqual({ text: long, truncated: false });
  });

  it('keeps a text of exactly 50 characters whole', () => {
    const exact = 'a'.repeat(50);
    expect(previewReasoning(exact, false)).toEqual({ text: exact, truncated: false });
  });

  it('reads No reasoning available when missing or blank', () => {
    expect(previewReasoning(undefined, false).text).toBe(MODERATION_TEXTS.noReasoning);
    expect(previewReasoning(null, false).text).toBe(MODERATION_TEXTS.noReasoning);
    expect(previewReasoning('  ', false).text).toBe(MODERATION_TEXTS.noReasoning);
  });
});

describe('aiSuggestion', () => {
  it('null is no AI response, SAFE is none, [] is no tags', () => {
    expect(aiSuggestion(null)).toEqual({ kind: 'none' });
    expect(aiSuggestion(['SAFE'])).toEqual({ kind: 'safe' });
    expect(aiSuggestion([])).toEqual({ kind: 'empty' });
  });

  it('formats suggested tag names like chips', () => {
    expect(aiSuggestion(['hate_speech', 'spam'])).toEqual({
      kind: 'tags',
      labels: ['Hate Speech', 'Spam'],
    });
  });
});

describe('checkCustomTag', () => {
  it('accepts up to 50 characters, trimmed', () => {
    expect(checkCustomTag(`  ${'a'.repeat(50)}  `)).toEqual({ ok: true, value: 'a'.repeat(50) });
  });

  it('rejects 51 characters with a clear message', () => {
    expect(checkCustomTag('a'.repeat(51))).toEqual({ ok: false, error: CUSTOM_TAG_TEXTS.tooLong });
  });

  it('rejects an empty tag', () => {
    expect(checkCustomTag('   ').ok).toBe(false);
  });
});

describe('filterItems', () => {
  const items = [
    moderationItem({ id: 1, message_type: 'image' }),
    moderationItem({ id: 2, message_type: 'video' }),
    moderationItem({ id: 3, message_type: 'text' }),
    moderationItem({ id: 4, message_type: 'other' }),
  ];
  it.each([
    ['All', [1, 2, 3, 4]],
    ['Photos', [1]],
    ['Videos', [2]],
    ['Text', [3]],
  ] as const)('%s', (filter, ids) =>
    expect(filterItems(items, filter).map((item) => item.id)).toEqual(ids),
  );
});

describe('formatArrivalTime', () => {
  it('prints MM-dd-yyyy hh:mm:ss a in UTC', () => {
    expect(formatArrivalTime('2024-03-05T14:07:09.000Z')).toBe('03-05-2024 02:07:09 PM');
    expect(formatArrivalTime('2024-03-05T23:30:00+02:00')).toBe('03-05-2024 09:30:00 PM');
  });
});

describe('buildResult', () => {
  it('maps tags to 1/0, adds the custom tag as additional and an idempotency key', () => {
    const item = moderationItem({
      id: 42,
      tags: [
        { name: 'nudity', selected: true },
        { name: 'hate_speech', selected: false },
      ],
      customTag: ' weapon ',
    });
    const result = buildResult(
      item,
      { id: 7, username: 'operator', is_batch_moderator: false },
      1,
      new Date('2024-03-05T15:00:00.000Z'),
      () => 'key-12345678',
    );
    expect(result).toEqual({
      content_id: 42,
      moderated_status: { nudity: 1, hate_speech: 0, additional: 'weapon' },
      moderated_time: '2024-03-05T15:00:00.000Z',
      inbound_time: item.inboundTime,
      subscriber_id: 'sub-1',
      user_id: 7,
      total_contents: 1,
      username: 'operator',
      is_batch_moderator: false,
      idempotency_key: 'key-12345678',
    });
  });

  it('makes a fresh UUID key by default', () => {
    const user = { id: 7, username: 'op', is_batch_moderator: true };
    const a = buildResult(tagged, user, 2, new Date());
    const b = buildResult(tagged, user, 2, new Date());
    expect(a.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.idempotency_key).not.toBe(b.idempotency_key);
    expect(a.moderated_status).not.toHaveProperty('additional');
  });
});
