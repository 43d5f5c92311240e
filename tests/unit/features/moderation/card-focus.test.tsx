// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusTargetAfter } from '../../../../src/features/moderation/focus-target';
import { useCardFocus } from '../../../../src/features/moderation/use-card-focus';

describe('focusTargetAfter', () => {
  it('a submitted card hands the focus to the card after it, else the one before', () => {
    expect(focusTargetAfter([1, 2, 3], [1, 2, 3], 2, new Set([2]))).toBe(3);
    expect(focusTargetAfter([1, 2, 3], [1, 2, 3], 3, new Set([3]))).toBe(2);
  });

  it('skips cards whose submit is in flight', () => {
    expect(focusTargetAfter([1, 2, 3, 4], [1, 2, 3, 4], 1, new Set([1, 2, 3]))).toBe(4);
    expect(focusTargetAfter([1, 2, 3], [1, 2, 3], 3, new Set([1, 2, 3]))).toBeUndefined();
  });

  it('the last card submitted leaves no target: the empty state takes the focus', () => {
    expect(focusTargetAfter([5], [5], 5, new Set([5]))).toBeUndefined();
    expect(focusTargetAfter([5], [], 5)).toBeUndefined();
  });

  it('a card that left: its old neighbour if still there, else the first card now', () => {
    expect(focusTargetAfter([1, 2, 3], [1, 3, 7], 2)).toBe(3);
    // Its neighbours left too while new items arrived.
    expect(focusTargetAfter([1, 2, 3], [8, 9], 2)).toBe(8);
    // From the empty state (no card had the focus) to the first arrival.
    expect(focusTargetAfter([], [4, 5], null)).toBe(4);
  });

  it('a card still on screen keeps the focus (something inside it lost it)', () => {
    expect(focusTargetAfter([1, 2], [1, 2, 3], 2)).toBe(2);
  });
});

/** A list of focusable cards with the hook, as the moderation page has it. */
function List({ ids, leaving = new Set() }: { ids: number[]; leaving?: ReadonlySet<number> }) {
  const cards = useRef(new Map<number, HTMLElement>());
  const { emptyRef, handOff } = useCardFocus({ ids, leaving, cards });
  if (ids.length === 0) {
    return (
      <div ref={emptyRef} tabIndex={-1} data-testid="empty">
        Waiting
      </div>
    );
  }
  // A list element of its own, as on the page: the empty state is never reused for the list.
  return (
    <section>
      {ids.map((id) => (
        <article
          key={id}
          data-card-id={id}
          tabIndex={0}
          aria-label={`card ${id}`}
          ref={(element) => {
            if (element) cards.current.set(id, element);
            else cards.current.delete(id);
          }}
        >
          <button type="button" onClick={() => handOff(id)}>
            hand off {id}
          </button>
        </article>
      ))}
    </section>
  );
}

const cardOf = (id: number) => screen.getByRole('article', { name: `card ${id}` });

describe('useCardFocus', () => {
  afterEach(cleanup);

  it('hands the focus to the next card on submit, before the card leaves', () => {
    render(<List ids={[1, 2, 3]} />);
    act(() => cardOf(1).focus());
    act(() => screen.getByRole('button', { name: 'hand off 1' }).click());
    expect(document.activeElement).toBe(cardOf(2));
  });

  it('when the focused card leaves, its neighbour takes the focus, new arrivals or not', () => {
    const { rerender } = render(<List ids={[1, 2, 3]} />);
    act(() => cardOf(2).focus());
    rerender(<List ids={[1, 3, 4]} />);
    expect(document.activeElement).toBe(cardOf(3));
    rerender(<List ids={[1, 4]} />);
    expect(document.activeElement).toBe(cardOf(4));
    rerender(<List ids={[1]} />);
    expect(document.activeElement).toBe(cardOf(1));
  });

  it('the last card leaving gives the focus to the empty state, and the first arrival takes it', () => {
    const { rerender } = render(<List ids={[1]} />);
    act(() => cardOf(1).focus());
    act(() => screen.getByRole('button', { name: 'hand off 1' }).click());
    // No other card: the focus stays until the card leaves.
    expect(document.activeElement).toBe(cardOf(1));
    rerender(<List ids={[]} />);
    expect(document.activeElement).toBe(screen.getByTestId('empty'));
    rerender(<List ids={[6, 7]} />);
    expect(document.activeElement).toBe(cardOf(6));
  });

  it('never takes the focus from outside the list', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    const { rerender } = render(<List ids={[1, 2]} />);
    act(() => cardOf(1).focus());
    act(() => outside.focus());
    rerender(<List ids={[2]} />);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
