/**
 * Where the keyboard focus goes on the moderation screen when the card that had it leaves (a
 * submit, an item taken back by the server, a reset) or when an Enter submits it: the card that
 * stood after it, else the one before it, skipping cards whose submit is in flight (they leave
 * soon too). Pure, so the rule is tested without a browser.
 */

/**
 * The card to focus after `fromId` leaves or is submitted.
 * - `before`: the card ids in screen order when `fromId` still had the focus.
 * - `now`: the card ids on screen now (new items may have arrived, others gone).
 * - `leaving`: ids that are on their way out (submitting), never a target.
 * Answers `fromId` itself when it is still on screen and not leaving (only something inside it
 * lost the focus), undefined when no card is left to take it (the empty state does).
 */
export function focusTargetAfter(
  before: readonly number[],
  now: readonly number[],
  fromId: number | null,
  leaving: ReadonlySet<number> = new Set(),
): number | undefined {
  const present = new Set(now);
  const eligible = (id: number) => present.has(id) && !leaving.has(id);
  if (fromId !== null && eligible(fromId)) return fromId;
  const index = fromId === null ? -1 : before.indexOf(fromId);
  if (index >= 0) {
    for (let i = index + 1; i < before.length; i += 1) {
      const id = before[i] as number;
      if (eligible(id)) return id;
    }
    for (let i = index - 1; i >= 0; i -= 1) {
      const id = before[i] as number;
      if (eligible(id)) return id;
    }
  }
  // Nothing left of the old neighbours: the first card on screen (new arrivals included).
  return now.find((id) => !leaving.has(id));
}
