import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatWaited,
  SLA_TEXTS,
  slaState,
  waitedMs,
} from '../../../../src/features/moderation/sla/sla-rules';
import { clockIntervals, subscribeClock } from '../../../../src/lib/shared-clock';

const MINUTE = 60_000;

describe('slaState', () => {
  it('is neutral below 75 % of the SLA, a warning from 75 %, breached past the SLA', () => {
    // A 15-minute SLA: the warning starts at 11:15, the breach after 15:00.
    expect(slaState(0, 15)).toBe('ok');
    expect(slaState(11.25 * MINUTE - 1, 15)).toBe('ok');
    expect(slaState(11.25 * MINUTE, 15)).toBe('warning');
    expect(slaState(15 * MINUTE, 15)).toBe('warning');
    expect(slaState(15 * MINUTE + 1, 15)).toBe('breached');
    // A 1-minute SLA warns from 45 s.
    expect(slaState(44_999, 1)).toBe('ok');
    expect(slaState(45_000, 1)).toBe('warning');
    expect(slaState(61_000, 1)).toBe('breached');
  });

  it('names the state in words, so it never rests on colour alone', () => {
    expect(SLA_TEXTS.badge.ok).toBeNull();
    expect(SLA_TEXTS.badge.warning).toBe('SLA soon');
    expect(SLA_TEXTS.badge.breached).toBe('Over SLA');
    expect(SLA_TEXTS.label('12:10', 'warning', 15)).toBe('Waiting 12:10: near the 15-minute SLA');
  });
});

describe('waitedMs and formatWaited', () => {
  it('measures from the arrival and never goes negative', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(waitedMs('2026-11-27T09:55:30Z', now)).toBe(270_000);
    // The device clock behind the server's: no negative wait.
    expect(waitedMs('2026-11-27T10:00:05Z', now)).toBe(0);
    expect(waitedMs('not a date', now)).toBe(0);
  });

  it('shows minutes and seconds, hours past an hour, days past a day', () => {
    expect(formatWaited(0)).toBe('0:00');
    expect(formatWaited(65_000)).toBe('1:05');
    expect(formatWaited(3_723_000)).toBe('1:02:03');
    expect(formatWaited(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 3h');
  });
});

describe('the shared clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one interval for any number of timers, and none once they are gone', () => {
    vi.useFakeTimers();
    const ticks: number[] = [];
    const stops = Array.from({ length: 6 }, (_, n) => subscribeClock(() => ticks.push(n)));
    expect(clockIntervals()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([0, 1, 2, 3, 4, 5]);
    for (const stop of stops) stop();
    expect(clockIntervals()).toBe(0);
  });
});
