import { describe, expect, it } from 'vitest';
import { aiTagNames, compareTags, summarize, type Verdict } from '../../../src/contract/demo';

describe('compareTags', () => {
  it('matches the same set of tags in any order, and no tags for an untagged reference', () => {
    expect(compareTags(['spam', 'scam'], ['scam', 'spam'])).toEqual({
      agreement: 'match',
      missed: [],
      extra: [],
    });
    expect(compareTags([], [])).toEqual({ agreement: 'match', missed: [], extra: [] });
  });

  it('is partial when a tag is shared, naming what was left out and what was added', () => {
    expect(compareTags(['violence', 'spam'], ['harassment', 'violence'])).toEqual({
      agreement: 'partial',
      missed: ['harassment'],
      extra: ['spam'],
    });
    expect(compareTags(['spam'], ['spam', 'scam']).agreement).toBe('partial');
  });

  it('differs when nothing is shared, including a tag on an untagged reference', () => {
    expect(compareTags(['violence'], []).agreement).toBe('differ');
    expect(compareTags([], ['self_harm'])).toEqual({
      agreement: 'differ',
      missed: ['self_harm'],
      extra: [],
    });
  });
});

describe('aiTagNames', () => {
  it('reads SAFE as no tags and keeps no answer as null', () => {
    expect(aiTagNames(['SAFE'])).toEqual([]);
    expect(aiTagNames(['spam', 'safe', ' '])).toEqual(['spam']);
    expect(aiTagNames(null)).toBeNull();
  });
});

describe('summarize', () => {
  const verdict = (agreement: Verdict['agreement'], ai: Verdict['ai_agreement']): Verdict => ({
    sample_id: 1,
    tags: [],
    custom_tag: null,
    reference_tags: [],
    ai_tags: ai === null ? null : [],
    agreement,
    missed: [],
    extra: [],
    ai_agreement: ai,
    reasoning: '',
    decided_at: '2026-01-01T00:00:00.000Z',
  });

  it('counts each agreement and the AI only where it answered', () => {
    expect(
      summarize(
        [verdict('match', 'match'), verdict('partial', null), verdict('differ', 'differ')],
        8,
      ),
    ).toEqual({
      total: 8,
      reviewed: 3,
      matched: 1,
      partial: 1,
      differed: 1,
      ai_matched: 1,
      ai_answered: 2,
    });
  });
});
