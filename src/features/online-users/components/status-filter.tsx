import clsx from 'clsx';
import {
  ONLINE_STATUSES,
  ONLINE_STATUS_LABELS,
  type OnlineStatus,
} from '../../../contract/online-users';
import { ONLINE_USERS_TEXTS as TEXTS } from '../online-users-texts';
import { StatusDot } from './status-badge';

/**
 * The status filter as a row of toggles with their counts, so the numbers a lead looks for
 * first (how many moderate, how many are parked) are the filter itself.
 */
export function StatusFilter({
  counts,
  total,
  value,
  onChange,
}: {
  counts: Record<OnlineStatus, number>;
  total: number;
  value: OnlineStatus | '';
  onChange: (status: OnlineStatus | '') => void;
}) {
  const toggle = (status: OnlineStatus | '', label: string, count: number) => (
    <button
      key={status || 'all'}
      type="button"
      aria-pressed={value === status}
      onClick={() => onChange(status)}
      className={clsx(
        'inline-flex items-center gap-2 rounded-md border px-2.5 py-1 text-sm transition-colors',
        value === status
          ? 'border-gold-500 bg-gold-500/15 text-stone-900 dark:text-zinc-50'
          : 'border-stone-300 text-stone-700 hover:bg-stone-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800',
      )}
    >
      {status && <StatusDot status={status} />}
      {label}
      <span className="font-semibold tabular-nums">{count}</span>
    </button>
  );
  return (
    <div role="group" aria-label={TEXTS.statusFilter} className="flex flex-wrap gap-2">
      {toggle('', TEXTS.allStatuses, total)}
      {ONLINE_STATUSES.map((status) =>
        toggle(status, ONLINE_STATUS_LABELS[status], counts[status]),
      )}
    </div>
  );
}
