import { useSyncExternalStore } from 'react';
import { reveal } from './protection-rules';

/**
 * Which cards the operator revealed, for this tab: a click on a card's media or R on the focused
 * card reveals that card only. Ids are the items' own, so a card that leaves the screen and comes
 * back (a reload of the same item) starts treated again only after a page reload.
 */
let revealed: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

export function revealCard(id: number): void {
  const next = reveal(revealed, id);
  if (next === revealed) return;
  revealed = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRevealed(id: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => revealed.has(id),
    () => false,
  );
}
