import { describe, expect, it } from 'vitest';
import { DiscardFilterSchema, confirmedCount } from '../../../src/contract/discard';

describe('bulk discard contract', () => {
  it('reads a typed count with the separators people use, and nothing else', () => {
    expect(confirmedCount('1234')).toBe(1234);
    expect(confirmedCount(' 1,234 ')).toBe(1234);
    expect(confirmedCount("1'234")).toBe(1234);
    expect(confirmedCount('1 234')).toBe(1234);
    expect(confirmedCount('12a')).toBeNull();
    expect(confirmedCount('')).toBeNull();
    expect(confirmedCount('-3')).toBeNull();
  });

  it('takes a filter from a query string, refusing what it does not know', () => {
    expect(DiscardFilterSchema.parse({ service_id: '3', older_than_minutes: '90' })).toEqual({
      service_id: 3,
      older_than_minutes: 90,
      status: 'any',
    });
    expect(DiscardFilterSchema.parse({ subscriber: '  ' })).toEqual({ status: 'any' });
    expect(DiscardFilterSchema.safeParse({ status: 'decided' }).success).toBe(false);
    expect(DiscardFilterSchema.safeParse({ older_than_minutes: '0' }).success).toBe(false);
    expect(DiscardFilterSchema.safeParse({ color: 'red' }).success).toBe(false);
  });
});
