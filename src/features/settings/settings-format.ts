import type { SettingRow } from '../../contract/settings';
import { SETTINGS_TEXTS as TEXTS } from './settings-texts';

/** 5 s, 5 min, 2 h 30 min, 1 d 3 h: a wait as people read it. */
export function formatSeconds(total: number): string {
  if (total < 60) return `${Number(total.toFixed(2))} s`;
  const parts: string[] = [];
  let rest = Math.round(total);
  for (const [size, unit] of [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ');
}

/** How long an item is retried before it is Stuck Failed, as in delivery-settings.ts. */
export function retrySpanSeconds(schedule: readonly number[], maxAttempts: number): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
    total += schedule[Math.min(attempt, schedule.length) - 1] ?? 0;
  }
  return total;
}

/** A value as the screen prints it (defaults, pinned values). */
export function formatSettingValue(row: SettingRow, value: SettingRow['value']): string {
  if (row.type === 'secret') return row.is_set ? TEXTS.secretSet : TEXTS.secretNotSet;
  if (typeof value === 'boolean') return value ? TEXTS.on : TEXTS.off;
  if (Array.isArray(value)) return value.map(formatSeconds).join(', ');
  if (value === null || value === '') return '—';
  if (typeof value === 'number' && row.unit) return `${value.toLocaleString('en-US')} ${row.unit}`;
  return String(value);
}
