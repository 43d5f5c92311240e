import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from '../../../../src/features/trials/brand-theme';

describe('brand colours', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableOn('#1d4ed8')).toBe('#ffffff');
    expect(readableOn('#fde047')).toBe('#000000');
    expect(readableOn('#000000')).toBe('#ffffff');
  });

  it('keeps any brand colour readable: at least 4.5:1 (WCAG AA)', () => {
    const hex = fc
      .integer({ min: 0, max: 0xffffff })
      .map((value) => `#${value.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (colour) => contrastRatio(colour, readableOn(colour)) >= 4.5),
      { numRuns: 2_000 },
    );
  });
});
