// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  breakEndsAt,
  continueStretch,
  restartStretch,
  startBreakTimer,
} from '../../../../src/features/wellbeing/break-timer';

const REST_MS = 300_000;
const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('the break clock', () => {
  afterEach(() => localStorage.clear());

  it('continues a stretch over a reload or another tab: a short pause is no rest', () => {
    expect(continueStretch(7, REST_MS, T0)).toBe(T0);
    expect(continueStretch(7, REST_MS, T0 + 60_000)).toBe(T0);
    // The tab reloads 4 minutes later: the stretch goes on from the first minute.
    expect(continueStretch(7, REST_MS, T0 + 300_000)).toBe(T0);
  });

  it('starts a new stretch after a pause as long as a break, or after a break', () => {
    continueStretch(7, REST_MS, T0);
    expect(continueStretch(7, REST_MS, T0 + REST_MS)).toBe(T0 + REST_MS);

    startBreakTimer(7, 300, T0 + 400_000);
    expect(breakEndsAt(7)).toBe(T0 + 700_000);
    expect(continueStretch(7, REST_MS, T0 + 401_000)).toBe(T0 + 401_000);
    // Moderating again ends the break's countdown.
    expect(breakEndsAt(7)).toBeNull();
  });

  it('restarts the stretch when the reminder is put off', () => {
    continueStretch(7, REST_MS, T0);
    restartStretch(7, T0 + 120_000);
    expect(continueStretch(7, REST_MS, T0 + 121_000)).toBe(T0 + 120_000);
  });

  it('keeps one clock per user and shrugs off an unreadable one', () => {
    continueStretch(7, REST_MS, T0);
    startBreakTimer(7, 60, T0);
    expect(continueStretch(8, REST_MS, T0 + 1_000)).toBe(T0 + 1_000);
    expect(breakEndsAt(7)).toBeNull();
    localStorage.setItem('wellbeing-break-clock', '{not json');
    expect(continueStretch(7, REST_MS, T0 + 2_000)).toBe(T0 + 2_000);
  });
});
