import { useEffect } from 'react';
import { revealCard } from './reveal-store';

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * R reveals the active card's media (its own only). Ignored while typing, inside a dialog and
 * with Ctrl/Alt/Meta, as the moderation screen's other keys are.
 */
export function useRevealHotkey(activeId: number | null | undefined): void {
  useEffect(() => {
    if (activeId === null || activeId === undefined) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'r' && event.key !== 'R') return;
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (TYPING_TAGS.has(target.tagName) || target.isContentEditable)) return;
      if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      revealCard(activeId);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [activeId]);
}
