import { describe, expect, it } from 'vitest';
import { contentIdSchema } from '../../../src/contract/validation';

describe('contentIdSchema', () => {
  const firstMessage = (value: unknown) =>
    contentIdSchema('The item id').safeParse(value).error?.issues[0]?.message;

  it('says what is wrong with each kind of bad id', () => {
    expect(firstMessage('abc')).toBe('The item id must be a number');
    expect(firstMessage('1.5')).toBe('The item id must be a whole number');
    expect(firstMessage('-1')).toBe('The item id must be a positive number');
    // A whole number, only too large for an id: not "must be a whole number".
    expect(firstMessage('99999999999999999999')).toBe('The item id is too large');
  });

  it('takes an id given as text, as an address or a form gives it', () => {
    expect(contentIdSchema('The item id').parse('42')).toBe(42);
  });
});
