import { format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';

/** SPEC §9: arrival times read month-day-year, 12-hour, in UTC. */
export function formatArrivalTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatInTimeZone(date, 'UTC', 'MM-dd-yyyy hh:mm:ss a')} UTC`;
}

/** Other dates: 'LLL dd, yyyy hh:mm:ss a' in UTC (SPEC §9). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatInTimeZone(date, 'UTC', 'LLL dd, yyyy hh:mm:ss a');
}

/** The wall-clock time of the viewer, for 'Last updated HH:mm:ss'. */
export function clockTime(epochMs: number): string {
  return format(epochMs, 'HH:mm:ss');
}
