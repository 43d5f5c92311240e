/**
 * Keeps the keyboard focus on the moderation screen's cards (keyboard-first operators): Enter
 * hands the focus to the next card at once, and whenever the focused card leaves the screen
 * (its submit stored, the server took it back, a reset) the focus goes to the card that stood
 * after it, else before it, else to the list's empty state; when cards arrive while the empty
 * state holds it, the first card takes it. It only acts while the focus was last in the list and
 * has fallen to the page body: it never takes the focus from anything else.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { focusTargetAfter } from './focus-target';

export interface CardFocus {
  /** On the list's empty state (focusable with tabIndex -1): it holds the focus while empty. */
  emptyRef: RefObject<HTMLDivElement | null>;
  /**
   * Before a card is submitted: answers the card that comes next and, when the focus is in the
   * submitted card, moves it there now.
   */
  handOff: (id: number) => number | undefined;
}

export function useCardFocus({
  ids,
  leaving,
  cards,
}: {
  /** The cards on screen, in order. */
  ids: readonly number[];
  /** Cards whose submit is in flight. */
  leaving: ReadonlySet<number>;
  cards: RefObject<Map<number, HTMLElement>>;
}): CardFocus {
  const emptyRef = useRef<HTMLDivElement | null>(null);
  /** The focus was last in a card or the empty state. */
  const inList = useRef(false);
  /** The card that last had the focus (null: the empty state). */
  const lastId = useRef<number | null>(null);
  /** The ids and leaving set of the last commit. */
  const order = useRef<readonly number[]>(ids);
  const leavingNow = useRef(leaving);

  useEffect(() => {
    function onFocusIn(event: FocusEvent) {
      const target = event.target instanceof Element ? event.target : null;
      const card = target?.closest<HTMLElement>('article[data-card-id]');
      const id = card ? Number(card.dataset.cardId) : NaN;
      if (card && cards.current.get(id) === card) {
        inList.current = true;
        lastId.current = id;
      } else if (target && emptyRef.current?.contains(target)) {
        inList.current = true;
        lastId.current = null;
      } else {
        inList.current = false;
      }
    }
    document.addEventListener('focusin', onFocusIn, true);
    return () => document.removeEventListener('focusin', onFocusIn, true);
  }, [cards]);

  // After every commit, before paint: if the focused card (or the empty state) was removed, the
  // browser put the focus on the body; give it to the neighbour instead.
  useLayoutEffect(() => {
    const before = order.current;
    order.current = ids;
    leavingNow.current = leaving;
    if (!inList.current) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const target = focusTargetAfter(before, ids, lastId.current, leaving) ?? ids[0];
    if (target !== undefined) cards.current.get(target)?.focus();
    else emptyRef.current?.focus();
  });

  const handOff = useCallback(
    (id: number) => {
      const skip = new Set(leavingNow.current).add(id);
      const current = order.current;
      const next = focusTargetAfter(current, current, id, skip);
      const hadFocus = cards.current.get(id)?.contains(document.activeElement) ?? false;
      // With no other card, the focus stays on this one until it leaves, then the empty state.
      if (hadFocus && next !== undefined) cards.current.get(next)?.focus();
      return next;
    },
    [cards],
  );

  return { emptyRef, handOff };
}
