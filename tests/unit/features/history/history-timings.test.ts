import { describe, expect, it } from 'vitest';
import { formatDuration, timingSteps } from '../../../../src/features/history/history-timings';

describe('the timings of a decided item', () => {
  it('measures each step from the previous recorded one, skipping missing steps', () => {
    const steps = timingSteps({
      arrived_at: '2025-06-15T12:00:00.000Z',
      ai_answered_at: '2025-06-15T12:00:01.500Z',
      assigned_at: null,
      loaded_at: '2025-06-15T12:00:31.500Z',
      decided_at: '2025-06-15T12:02:00.000Z',
    });
    expect(steps.map((step) => [step.key, step.sincePrevious])).toEqual([
      ['arrived_at', null],
      ['ai_answered_at', 1500],
      ['assigned_at', null],
      ['loaded_at', 30_000],
      ['decided_at', 88_500],
    ]);
  });

  it('prints durations at a useful precision', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(8_040_000)).toBe('2 h 14 min');
    expect(formatDuration(273_600_000)).toBe('3 d 4 h');
  });
});
