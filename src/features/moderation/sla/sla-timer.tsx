import clsx from 'clsx';
import { AlertTriangle, Clock, TimerOff } from 'lucide-react';
import { useSharedNow } from '../../../lib/shared-clock';
import { formatWaited, SLA_TEXTS, slaState, waitedMs } from './sla-rules';

const STYLES = {
  ok: 'bg-stone-100 text-stone-700 dark:bg-zinc-800 dark:text-zinc-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  breached: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
} as const;

const ICONS = { ok: Clock, warning: AlertTriangle, breached: TimerOff } as const;

/**
 * How long a card's item has waited since it arrived, coloured against its service's SLA, with
 * a word beside the time once it nears or passes it. Ticks on the shared clock.
 */
export function SlaTimer({ boundTime, slaMinutes }: { boundTime: string; slaMinutes: number }) {
  const now = useSharedNow();
  const waited = waitedMs(boundTime, now);
  const state = slaState(waited, slaMinutes);
  const text = formatWaited(waited);
  const label = SLA_TEXTS.label(text, state, slaMinutes);
  const Icon = ICONS[state];
  const badge = SLA_TEXTS.badge[state];
  return (
    <span
      role="timer"
      aria-label={label}
      title={label}
      data-testid="sla-timer"
      data-sla-state={state}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap tabular-nums',
        STYLES[state],
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {text}
      {badge && <span>· {badge}</span>}
    </span>
  );
}
