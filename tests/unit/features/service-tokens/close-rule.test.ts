import { describe, expect, it } from 'vitest';
import { closeAllowed } from '../../../../src/features/service-tokens/close-rule';

const base = { hasToken: true, canCopy: true, canView: true, copied: false, revealed: false };

describe('the close question of the result dialog', () => {
  it('with the copy permission: Yes only after the token was copied (SPEC §2)', () => {
    expect(closeAllowed(base)).toBe(false);
    expect(closeAllowed({ ...base, revealed: true })).toBe(false);
    expect(closeAllowed({ ...base, copied: true })).toBe(true);
  });

  it('without the copy permission but with view: Yes once the token was revealed', () => {
    const viewOnly = { ...base, canCopy: false };
    expect(closeAllowed(viewOnly)).toBe(false);
    expect(closeAllowed({ ...viewOnly, revealed: true })).toBe(true);
  });

  it('with neither permission the user can do nothing more: Yes is enabled', () => {
    expect(closeAllowed({ ...base, canCopy: false, canView: false })).toBe(true);
  });

  it("with no token in the answer ('No token found'): Yes is enabled", () => {
    expect(closeAllowed({ ...base, hasToken: false })).toBe(true);
  });
});
