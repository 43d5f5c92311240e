/**
 * When this tab's wellbeing break ends (ms since the epoch), kept in sessionStorage so the park
 * screen's timer survives a reload of the tab. Cleared when the operator moderates again.
 */
const KEY = 'wellbeing-break-until';

export function startBreakTimer(seconds: number, now = Date.now()): void {
  sessionStorage.setItem(KEY, String(now + seconds * 1000));
}

export function breakEndsAt(): number | null {
  const value = Number(sessionStorage.getItem(KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function clearBreakTimer(): void {
  sessionStorage.removeItem(KEY);
}
