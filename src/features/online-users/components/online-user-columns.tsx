import type { OnlineUser } from '../../../contract/online-users';
import { formatDateTime, formatTime, utcDay } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { fullName, minutesSince } from '../online-users-filter';
import { ONLINE_USERS_TEXTS as TEXTS } from '../online-users-texts';
import { StatusBadge } from './status-badge';

const column = createColumnHelper<OnlineUser>();

/**
 * The live list's columns. `now` is when the list was last answered, so "for 12 min" counts
 * from the same moment for every row; `meId` marks the viewer's own row.
 */
export function onlineUserColumns({
  now,
  meId,
  onShowDevices,
}: {
  now: number;
  meId: number;
  onShowDevices: (user: OnlineUser) => void;
}) {
  return [
    column.accessor('username', {
      header: TEXTS.columns.user,
      meta: { rowHeader: true },
      cell: ({ row: { original: user } }) => (
        <span className="flex flex-col">
          <span className="font-medium">
            {user.username}
            {user.id === meId && (
              <span className="ml-1.5 text-xs font-normal text-stone-500 dark:text-zinc-400">
                ({TEXTS.you})
              </span>
            )}
          </span>
          <span className="text-xs whitespace-nowrap text-stone-500 dark:text-zinc-400">
            {[fullName(user), user.role].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    }),
    // The open consoles sit under the status, where a lead looks when a status surprises them
    // (and a separate column would not fit a tablet beside the actions).
    column.accessor('status', {
      header: TEXTS.columns.status,
      cell: ({ row: { original: user } }) => (
        <span className="flex flex-col items-start gap-0.5">
          <StatusBadge status={user.status} />
          <button
            type="button"
            className="rounded text-xs text-stone-600 underline decoration-dotted underline-offset-4 hover:text-stone-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            aria-label={TEXTS.devicesButton(user.devices.length, user.username)}
            onClick={() => onShowDevices(user)}
          >
            {TEXTS.devicesShort(user.devices.length)}
          </button>
        </span>
      ),
    }),
    column.accessor('status_since', {
      header: TEXTS.columns.since,
      meta: { firstSort: 'asc' },
      cell: ({ getValue }) => {
        const since = getValue();
        if (!since) return '';
        // A time of today reads as the time alone; an older one with its date.
        const today = utcDay(now) === utcDay(Date.parse(since));
        return (
          <span className="flex flex-col tabular-nums" title={formatDateTime(since)}>
            <span className="whitespace-nowrap">
              {today ? formatTime(since) : formatDateTime(since)}
            </span>
            <span className="text-xs text-stone-500 dark:text-zinc-400">
              {TEXTS.duration(minutesSince(since, now))}
            </span>
          </span>
        );
      },
    }),
    column.accessor('items_held', {
      header: TEXTS.columns.items,
      meta: { numeric: true, firstSort: 'desc' },
    }),
  ];
}
