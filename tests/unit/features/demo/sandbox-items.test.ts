import { describe, expect, it } from 'vitest';
import type { SampleItem, SampleSetSummary, Verdict } from '../../../../src/contract/demo';
import {
  decisionOf,
  emptyResult,
  toModerationItem,
  toggleTag,
  withVerdict,
} from '../../../../src/features/demo/sandbox-items';
import { canSubmitItem } from '../../../../src/features/moderation/moderation-rules';

const SET: SampleSetSummary = {
  id: 'social',
  title: 'Social network',
  description: '',
  tags: [
    { name: 'spam', label: 'Spam' },
    { name: 'hate_speech', label: 'Hate Speech' },
  ],
  size: 2,
};

const PICTURE: SampleItem = {
  id: 106,
  title: 'New profile photo',
  message_type: 'image',
  content: '/trial-media/106.svg',
  subscriber: 'Profile photos',
  subscriber_id: 'profile-photos',
  user_id: 'u-1',
  username: 'maya_k',
  notes: null,
  age_minutes: 30,
  details: { channel: 'profile' },
  ai: { tags: ['SAFE'], response_time: 0.8, reasoning: 'A landscape.' },
};

const verdict = (sampleId: number, agreement: Verdict['agreement']): Verdict => ({
  sample_id: sampleId,
  tags: [],
  custom_tag: null,
  reference_tags: [],
  ai_tags: [],
  agreement,
  missed: [],
  extra: [],
  ai_agreement: 'match',
  reasoning: '',
  decided_at: '2026-01-01T00:00:00.000Z',
});

describe('sandbox items', () => {
  it('turns a sample into the card of the moderation screen, shown at once and submittable untagged', () => {
    const now = new Date('2026-03-02T10:00:00Z');
    const item = toModerationItem(PICTURE, SET, {
      serviceName: 'Northwind Social',
      origin: 'https://console.example',
      now,
      selection: { tags: ['spam'], customTag: 'meme' },
    });
    expect(item).toMatchObject({
      id: 106,
      service: 'Northwind Social',
      message_type: 'image',
      content: 'https://console.example/trial-media/106.svg',
      bound_time: '2026-03-02T09:30:00.000Z',
      tags: [
        { name: 'spam', selected: true },
        { name: 'hate_speech', selected: false },
      ],
      customTag: 'meme',
      ai_moderated_status: ['SAFE'],
      ai_other_details: { reasoning: 'A landscape.' },
      content_additional_details: { sample: 'New profile photo', channel: 'profile' },
      loaded: true,
    });
    expect(canSubmitItem({ ...item, tags: [], customTag: null }, false)).toBe(true);
  });

  it('toggles tags and sends the selection as a decision', () => {
    const once = toggleTag({ tags: [], customTag: null }, 'spam');
    const twice = toggleTag(toggleTag(once, 'hate_speech'), 'spam');
    expect(twice.tags).toEqual(['hate_speech']);
    expect(decisionOf(101, { tags: ['spam'], customTag: null })).toEqual({
      sample_id: 101,
      tags: ['spam'],
      custom_tag: null,
    });
  });

  it('adds a verdict to the result once, with the totals recounted', () => {
    const first = withVerdict(emptyResult(8), verdict(101, 'match'));
    const again = withVerdict(first, verdict(101, 'differ'));
    expect(again).toBe(first);
    const second = withVerdict(first, verdict(102, 'partial'));
    expect(second.summary).toMatchObject({ total: 8, reviewed: 2, matched: 1, partial: 1 });
  });
});
