import clsx from 'clsx';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { utcDay, utcDayBoundary } from '../lib/dates';
import { UI_TEXTS } from './ui-texts';

export interface DateRange {
  /** ISO 8601: the first millisecond of the start day, UTC. */
  from?: string | undefined;
  /** ISO 8601: the last millisecond of the end day, UTC (the whole day is included). */
  to?: string | undefined;
}

const DAY_MS = 86_400_000;

/** The range of the last `days` UTC calendar days, today included. */
export function lastDays(days: number, now: Date = new Date()): Required<DateRange> {
  const today = utcDay(now);
  const first = utcDay(now.getTime() - (days - 1) * DAY_MS);
  return {
    from: utcDayBoundary(first, 'start') ?? '',
    to: utcDayBoundary(today, 'end') ?? '',
  };
}

const PRESETS = [
  { label: UI_TEXTS.today, days: 1 },
  { label: UI_TEXTS.last7Days, days: 7 },
  { label: UI_TEXTS.last30Days, days: 30 },
] as const;

function dayOf(value: string | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? '' : utcDay(time);
}

/**
 * A date range filter in UTC, the zone every date of the console is shown in: two date inputs
 * (the days are UTC calendar days), presets Today / Last 7 days / Last 30 days, and Clear. It
 * reports ISO strings for the `from` and `to` query params; a start after the end is refused
 * beside the inputs and not reported.
 */
export function DateRangePicker({
  value,
  onChange,
  label = UI_TEXTS.dateRange,
  now = () => new Date(),
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
  now?: () => Date;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from: dayOf(value.from), to: dayOf(value.to) });
  // A range set from outside (the URL, a preset, a reset) replaces the inputs.
  const [seen, setSeen] = useState(value);
  if (seen.from !== value.from || seen.to !== value.to) {
    setSeen(value);
    setDraft({ from: dayOf(value.from), to: dayOf(value.to) });
  }
  const reversed = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  function edit(part: 'from' | 'to', day: string) {
    const next = { ...draft, [part]: day };
    setDraft(next);
    if (next.from && next.to && next.from > next.to) return;
    const from = next.from ? (utcDayBoundary(next.from, 'start') ?? undefined) : undefined;
    const to = next.to ? (utcDayBoundary(next.to, 'end') ?? undefined) : undefined;
    // An incomplete typed day ('2025-0') reads as empty in the input: report nothing yet.
    if ((next.from && !from) || (next.to && !to)) return;
    onChange({ from, to });
  }

  const current = PRESETS.find((preset) => {
    const range = lastDays(preset.days, now());
    return value.from === range.from && value.to === range.to;
  });
  const input = 'field-input w-auto py-1.5 tabular-nums aria-invalid:border-red-500 ';

  return (
    <fieldset
      className="flex min-w-0 flex-wrap items-center gap-2"
      aria-describedby={reversed ? `${id}-error` : undefined}
    >
      <legend className="sr-only">
        {label} ({UI_TEXTS.utc})
      </legend>
      <label htmlFor={`${id}-from`} className="text-sm text-stone-600 dark:text-zinc-400">
        {UI_TEXTS.from}
      </label>
      <input
        id={`${id}-from`}
        type="date"
        className={input}
        value={draft.from}
        max={draft.to || undefined}
        aria-invalid={reversed || undefined}
        onChange={(event) => edit('from', event.target.value)}
      />
      <label htmlFor={`${id}-to`} className="text-sm text-stone-600 dark:text-zinc-400">
        {UI_TEXTS.to}
      </label>
      <input
        id={`${id}-to`}
        type="date"
        className={input}
        value={draft.to}
        min={draft.from || undefined}
        aria-invalid={reversed || undefined}
        onChange={(event) => edit('to', event.target.value)}
      />
      <span className="text-xs text-stone-500 dark:text-zinc-400">{UI_TEXTS.utc}</span>
      <div className="flex items-center gap-1" role="group" aria-label={UI_TEXTS.datePresets}>
        {PRESETS.map((preset) => (
          <button
            key={preset.days}
            type="button"
            aria-pressed={current === preset}
            className={clsx(
              'rounded-md border px-2 py-1 text-xs font-medium transition-colors',
              current === preset
                ? 'border-gold-500 bg-gold-500/15 text-gold-800 dark:text-gold-300'
                : 'border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
            )}
            onClick={() => onChange(lastDays(preset.days, now()))}
          >
            {preset.label}
          </button>
        ))}
        {(value.from || value.to || draft.from || draft.to) && (
          <button
            type="button"
            className="rounded-md p-1 text-stone-500 hover:bg-stone-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
            aria-label={UI_TEXTS.clearDates}
            title={UI_TEXTS.clearDates}
            onClick={() => {
              setDraft({ from: '', to: '' });
              onChange({ from: undefined, to: undefined });
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {reversed && (
        <p id={`${id}-error`} className="field-error w-full">
          {UI_TEXTS.dateRangeOrder}
        </p>
      )}
    </fieldset>
  );
}
