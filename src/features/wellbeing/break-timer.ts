/**
 * The operator's break clock in this browser: shared by its tabs and kept over reloads
 * (localStorage), and kept per user, so another account signing in on the device starts afresh.
 * - The stretch of continuous moderation that the break reminder counts from. A pause shorter
 *   than a break continues it: a reload, or moving the work to another tab, is no rest. A break
 *   ends it, and so does a pause as long as a break.
 * - When the current break ends, for the park screen's countdown.
 */
const KEY = 'wellbeing-break-clock';

interface BreakClock {
  userId: number;
  /** When the current stretch of moderation began; null after a break. */
  since: number | null;
  /** When the stretch was last seen going on. */
  seenAt: number;
  breakUntil: number | null;
}

function read(userId: number): BreakClock | null {
  try {
    const clock = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<BreakClock> | null;
    if (clock?.userId !== userId || typeof clock.seenAt !== 'number') return null;
    return {
      userId,
      since: typeof clock.since === 'number' ? clock.since : null,
      seenAt: clock.seenAt,
      breakUntil: typeof clock.breakUntil === 'number' ? clock.breakUntil : null,
    };
  } catch {
    // Unreadable (written by hand, or by an older console): a fresh clock.
    return null;
  }
}

function write(clock: BreakClock): void {
  localStorage.setItem(KEY, JSON.stringify(clock));
}

/**
 * Marks the operator as moderating now and answers when this stretch began: the stored one when
 * it was seen less than `restMs` ago, otherwise now. Moderating ends any break timer.
 */
export function continueStretch(userId: number, restMs: number, now = Date.now()): number {
  const clock = read(userId);
  const stored = clock?.since ?? null;
  const since =
    clock && stored !== null && now - clock.seenAt < restMs && stored <= now ? stored : now;
  write({ userId, since, seenAt: now, breakUntil: null });
  return since;
}

/** "Not now": the reminder counts a new stretch from now. */
export function restartStretch(userId: number, now = Date.now()): void {
  write({ userId, since: now, seenAt: now, breakUntil: null });
}

/** A break begins: the stretch ends, and the park screen counts down `seconds`. */
export function startBreakTimer(userId: number, seconds: number, now = Date.now()): void {
  write({ userId, since: null, seenAt: now, breakUntil: now + seconds * 1000 });
}

/** When the user's current break ends (ms since the epoch), or null when none is running. */
export function breakEndsAt(userId: number): number | null {
  return read(userId)?.breakUntil ?? null;
}
