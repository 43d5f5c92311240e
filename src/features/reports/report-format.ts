import type { ReportGroup } from '../../contract/reports';
import { formatDay, formatHour } from '../../lib/dates';

/**
 * How report figures read: durations as 45 s, 4m 05s or 2h 10m (one decimal below ten seconds),
 * shares as percentages with one decimal, periods by their UTC start in the grouping's terms.
 * The CSV export carries the same figures as plain seconds and percentages.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 48 * 60)
    return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h`;
}

export function formatShare(share: number | null): string {
  if (share === null) return '–';
  return `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

export function formatRate(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** A period by its UTC start: 'Mar 05, 2024 02:00 PM', 'Mar 05, 2024', 'Week of Mar 02, 2024'. */
export function formatPeriod(value: string | number, group: ReportGroup): string {
  if (group === 'hour') return formatHour(value);
  return group === 'day' ? formatDay(value) : `Week of ${formatDay(value)}`;
}
