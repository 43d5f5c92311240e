import clsx from 'clsx';
import { KeyRound, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UserRow } from '../../../contract/users';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

function StatusCell({ row }: { row: UserRow }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span
        className={clsx(
          badge,
          row.active
            ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
            : 'bg-stone-200 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300',
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'size-1.5 rounded-full',
            row.active ? 'bg-emerald-500' : 'bg-stone-400 dark:bg-zinc-500',
          )}
        />
        {row.active ? TEXTS.active : TEXTS.deactivated}
      </span>
      {row.locked && (
        <span
          className={clsx(
            badge,
            'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
          )}
          title={TEXTS.lockedHint}
        >
          <Lock aria-hidden="true" className="size-3" />
          {TEXTS.locked}
        </span>
      )}
      {row.must_change_password && (
        <span
          className={clsx(badge, 'bg-sky-50 text-sky-800 dark:bg-sky-500/10 dark:text-sky-300')}
          title={TEXTS.oneTimePasswordHint}
        >
          <KeyRound aria-hidden="true" className="size-3" />
          {TEXTS.oneTimePassword}
        </span>
      )}
    </span>
  );
}

const muted = 'text-stone-500 dark:text-zinc-400';
const column = createColumnHelper<UserRow>();

/** A date on one line and its time under it, so date columns stay narrow. */
function DateCell({ value, empty }: { value: string | null; empty?: string }) {
  if (!value) return <span className={muted}>{empty ?? ''}</span>;
  const [, day, time] = /^(.*\d{4}) (.*)$/.exec(formatDateTime(value)) ?? [];
  return (
    <span className="block leading-tight">
      <span className="block">{day ?? formatDateTime(value)}</span>
      <span className={clsx('block text-xs', muted)}>{time}</span>
    </span>
  );
}

export interface UserColumnOptions {
  currentUserId: number;
  /** The row's buttons, shown right after the user so a tablet reaches them without scrolling. */
  actions: (row: UserRow) => ReactNode;
}

/**
 * The users list's columns. Sortable ones carry the ids of the list's `sort` values (username,
 * role, max_content, created); the name and email are shown under the username (the search finds
 * both), so the list fits a desktop without sideways scrolling.
 */
export function userColumns({ currentUserId, actions }: UserColumnOptions) {
  return [
    column.accessor('username', {
      header: TEXTS.columns.user,
      meta: { rowHeader: true, label: TEXTS.columns.user },
      enableHiding: false,
      cell: ({ row }) => {
        const user = row.original;
        const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
        return (
          <span className="block min-w-48 leading-tight">
            <span className="font-medium">{user.username}</span>
            {user.id === currentUserId && (
              <span className={clsx('ml-1.5 text-xs font-normal', muted)}>{TEXTS.you}</span>
            )}
            <span className={clsx('block text-xs font-normal', muted)}>
              {[name, user.email].filter(Boolean).join(' · ') || '–'}
            </span>
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{TEXTS.columns.actions}</span>,
      meta: { label: TEXTS.columns.actions },
      enableHiding: false,
      cell: ({ row }) => actions(row.original),
    }),
    column.accessor('role', { header: TEXTS.columns.role }),
    column.accessor('max_content', {
      header: TEXTS.columns.maxContent,
      meta: { numeric: true },
    }),
    column.accessor('is_batch_moderator', {
      id: 'mode',
      header: TEXTS.columns.mode,
      cell: ({ getValue }) => (getValue() ? TEXTS.batch : TEXTS.single),
    }),
    column.display({
      id: 'status',
      header: TEXTS.columns.status,
      cell: ({ row }) => <StatusCell row={row.original} />,
    }),
    column.accessor('last_sign_in_at', {
      id: 'last_sign_in',
      header: TEXTS.columns.lastSignIn,
      cell: ({ getValue }) => <DateCell value={getValue()} empty={TEXTS.never} />,
    }),
    column.accessor('created_at', {
      id: 'created',
      header: TEXTS.columns.created,
      cell: ({ getValue }) => <DateCell value={getValue()} />,
      meta: { firstSort: 'desc' },
    }),
  ];
}
