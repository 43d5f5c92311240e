import { describe, expect, it } from 'vitest';
import {
  combineTreatments,
  parseTagTreatments,
  parseTagWords,
  type BreakPolicy,
} from '../../../../src/contract/wellbeing';
import {
  MASK,
  breakDue,
  effectiveTreatment,
  maskWords,
  mediaTreatment,
  needsReveal,
  reveal,
  treatmentFilter,
} from '../../../../src/features/wellbeing/protection-rules';
import { itemProtection } from '../../../../server/features/wellbeing/item-protection';

describe('effective treatment', () => {
  it("is the operator's own default when nothing is forced", () => {
    expect(effectiveTreatment('blur', undefined)).toBe('blur');
    expect(effectiveTreatment('none', { forced: 'none', mask_words: [] })).toBe('none');
    expect(treatmentFilter('none')).toBeUndefined();
  });

  it('is never less than what the service forces', () => {
    const service = itemProtection(
      { message_type: 'image', ai_moderated_status: ['SAFE'] },
      'grayscale',
      new Map(),
      new Map(),
    );
    expect(service.forced).toBe('grayscale');
    expect(effectiveTreatment('none', service)).toBe('grayscale');
    expect(effectiveTreatment('blur', service)).toBe('both');
    expect(treatmentFilter('both')).toBe('blur(28px) grayscale(1)');
  });

  it('is forced by an AI tag, without regard to case, combined with the service', () => {
    const tags = new Map([['self_harm', 'blur' as const]]);
    const tagged = itemProtection(
      { message_type: 'video', ai_moderated_status: ['Self_Harm'] },
      'none',
      tags,
      new Map(),
    );
    expect(tagged.forced).toBe('blur');
    expect(
      itemProtection(
        { message_type: 'image', ai_moderated_status: ['self_harm'] },
        'grayscale',
        tags,
        new Map(),
      ).forced,
    ).toBe('both');
    expect(
      itemProtection({ message_type: 'image', ai_moderated_status: null }, 'none', tags, new Map())
        .forced,
    ).toBe('none');
    expect(combineTreatments('blur', 'grayscale', 'none')).toBe('both');
  });

  it('treats images and video only; text is masked instead', () => {
    const forced = { forced: 'blur' as const, mask_words: [] };
    expect(mediaTreatment('image', 'none', forced)).toBe('blur');
    expect(mediaTreatment('video', 'grayscale', undefined)).toBe('grayscale');
    expect(mediaTreatment('text', 'both', forced)).toBe('none');
    expect(mediaTreatment('audio', 'both', forced)).toBe('none');
    expect(needsReveal('text', 'both', { forced: 'none', mask_words: ['x'] })).toBe(true);
    expect(needsReveal('text', 'both', undefined)).toBe(false);
  });

  it('reveals one card only', () => {
    const none = new Set<number>();
    const one = reveal(none, 7);
    expect([...one]).toEqual([7]);
    expect(one.has(8)).toBe(false);
    expect(reveal(one, 7)).toBe(one);
    expect([...reveal(one, 8)].sort()).toEqual([7, 8]);
  });
});

describe('word masking', () => {
  it('masks whole words without regard to case', () => {
    expect(maskWords('You IDIOT, idiotic idiot!', ['idiot'])).toBe(`You ${MASK}, idiotic ${MASK}!`);
    expect(maskWords('loser_x loser', ['Loser'])).toBe(`loser_x ${MASK}`);
  });

  it('masks phrases and words with regular-expression characters literally', () => {
    expect(maskWords('click here now, c.l.i.c.k', ['click here', 'c.l.i.c.k'])).toBe(
      `${MASK} now, ${MASK}`,
    );
    expect(maskWords('a+b is a+b', ['a+b'])).toBe(`${MASK} is ${MASK}`);
    expect(maskWords('nothing here', [])).toBe('nothing here');
  });

  it('respects letters beyond ASCII at the word boundary', () => {
    expect(maskWords('connard connardé', ['connard'])).toBe(`${MASK} connardé`);
  });

  it('takes its words from the tags of the item, for text only', () => {
    const words = new Map([['harassment', ['idiot']]]);
    expect(
      itemProtection(
        { message_type: 'text', ai_moderated_status: ['harassment'] },
        'none',
        new Map(),
        words,
      ).mask_words,
    ).toEqual(['idiot']);
    expect(
      itemProtection(
        { message_type: 'image', ai_moderated_status: ['harassment'] },
        'none',
        new Map(),
        words,
      ).mask_words,
    ).toEqual([]);
  });
});

describe('settings text', () => {
  it('parses tag treatments and names a bad pair', () => {
    expect(parseTagTreatments('self_harm:blur, gore : both')).toEqual({
      self_harm: 'blur',
      gore: 'both',
    });
    expect(parseTagTreatments('')).toEqual({});
    expect(parseTagTreatments('gore:sepia')).toMatch(/gore:sepia/);
    expect(parseTagTreatments('gore')).toMatch(/tag:treatment/);
  });

  it('parses word lists and names a bad entry', () => {
    expect(parseTagWords('hate: a, b; harassment: idiot')).toEqual({
      hate: ['a', 'b'],
      harassment: ['idiot'],
    });
    expect(parseTagWords('hate:')).toMatch(/no word/);
    expect(parseTagWords('just words')).toMatch(/tag: word/);
  });
});

describe('break due', () => {
  const policy: BreakPolicy = {
    break_after_seconds: 60,
    break_seconds: 300,
    sensitive_cap_per_hour: 5,
    break_mode: 'offer',
  };
  const base = { policy, since: 0, now: 0, sensitiveLastHour: 0, capDismissedAt: null };

  it('after the configured seconds of continuous moderation', () => {
    expect(breakDue({ ...base, now: 59_999 })).toBeNull();
    expect(breakDue({ ...base, now: 60_000 })).toBe('reminder');
    expect(
      breakDue({ ...base, now: 10_000_000, policy: { ...policy, break_after_seconds: 0 } }),
    ).toBeNull();
  });

  it('at the cap of sensitive items, again only a cap later once put off', () => {
    expect(breakDue({ ...base, sensitiveLastHour: 4 })).toBeNull();
    expect(breakDue({ ...base, sensitiveLastHour: 5 })).toBe('cap');
    expect(breakDue({ ...base, sensitiveLastHour: 7, capDismissedAt: 5 })).toBeNull();
    expect(breakDue({ ...base, sensitiveLastHour: 10, capDismissedAt: 5 })).toBe('cap');
    expect(
      breakDue({
        ...base,
        sensitiveLastHour: 99,
        policy: { ...policy, sensitive_cap_per_hour: 0 },
      }),
    ).toBeNull();
  });
});
