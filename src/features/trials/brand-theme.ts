/**
 * A trial brand's colours on its pages. An administrator picks any two colours; text on the
 * brand colour is black or white, whichever contrasts more with it, which always gives at least
 * 4.5:1 (WCAG AA for normal text), so no choice of colour can make a page unreadable.
 */
import type { CSSProperties } from 'react';

/** WCAG relative luminance of '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const channel = (start: number) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** Black or white: the one that reads better on `background`. */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff')
    ? '#000000'
    : '#ffffff';
}

/** The CSS variables of a brand's pages: --brand, --brand-fg (text on it), --brand-accent. */
export function brandStyle(colors: { primary_color: string; accent_color: string }): CSSProperties {
  return {
    '--brand': colors.primary_color,
    '--brand-fg': readableOn(colors.primary_color),
    '--brand-accent': colors.accent_color,
  } as CSSProperties;
}
