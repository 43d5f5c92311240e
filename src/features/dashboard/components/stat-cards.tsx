import clsx from 'clsx';
import { CheckCheck, Inbox, ListOrdered, type LucideIcon, UserCheck, Users } from 'lucide-react';
import type { DASHBOARD_TEXTS } from '../../../contract/dashboard';
import type { DashboardStat } from '../../../contract/socket-events';

type CardLabel = (typeof DASHBOARD_TEXTS.cards)[number];

/** SPEC §2: the five cards, in order, and the count of DashboardStat each shows. */
const CARDS: { label: CardLabel; value: (stat: DashboardStat) => number; icon: LucideIcon }[] = [
  { label: 'Total Pending', value: (stat) => stat.total_pending, icon: Inbox },
  { label: 'Pending Queue', value: (stat) => stat.pending, icon: ListOrdered },
  { label: 'Assigned', value: (stat) => stat.assigned, icon: UserCheck },
  { label: 'Moderating', value: (stat) => stat.moderating, icon: Users },
  { label: 'Handled', value: (stat) => stat.handled, icon: CheckCheck },
];

export function statCardTestId(label: string): string {
  return `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The live counts. Without a stat yet each card shows a dash; `paused` dims the old values.
 * Columns follow the nearest @container (the dashboard page), so the labels never truncate.
 */
export function StatCards({ stat, paused }: { stat: DashboardStat | null; paused: boolean }) {
  return (
    <dl
      className="grid grid-cols-2 gap-3 @xl:grid-cols-3 @4xl:grid-cols-5"
      aria-busy={stat === null}
    >
      {CARDS.map(({ label, value, icon: Icon }) => (
        // A <dl> group holds only <dt> and <dd>, so the icon sits inside the <dt>.
        <div key={label} className="panel px-4 py-3" data-testid={statCardTestId(label)}>
          <dt className="flex items-start justify-between gap-2 text-xs font-medium tracking-wide text-stone-500 uppercase dark:text-zinc-400">
            <span className="min-w-0 truncate">{label}</span>
            <Icon
              aria-hidden="true"
              className="size-5 shrink-0 text-gold-600 dark:text-gold-400"
              strokeWidth={1.75}
            />
          </dt>
          <dd
            className={clsx(
              'text-2xl font-semibold tabular-nums transition-opacity',
              paused && 'opacity-50',
            )}
            data-testid={`${statCardTestId(label)}-value`}
          >
            {stat ? numberFormat.format(value(stat)) : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
