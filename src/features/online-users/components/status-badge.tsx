import clsx from 'clsx';
import { ONLINE_STATUS_LABELS, type OnlineStatus } from '../../../contract/online-users';

const TONES: Record<OnlineStatus, string> = {
  moderating:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300',
  elsewhere:
    'bg-amber-100 text-amber-900 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300',
  parked: 'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-300',
  idle: 'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-zinc-800 dark:text-zinc-300',
};

const DOTS: Record<OnlineStatus, string> = {
  moderating: 'bg-emerald-500',
  elsewhere: 'bg-amber-500',
  parked: 'bg-sky-500',
  idle: 'bg-stone-400 dark:bg-zinc-500',
};

/** A user's status as a coloured label; the word carries the meaning, the colour helps. */
export function StatusBadge({ status }: { status: OnlineStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[status],
      )}
    >
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', DOTS[status])} />
      {ONLINE_STATUS_LABELS[status]}
    </span>
  );
}

export function StatusDot({ status }: { status: OnlineStatus }) {
  return <span aria-hidden="true" className={clsx('size-2 rounded-full', DOTS[status])} />;
}
