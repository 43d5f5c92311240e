import clsx from 'clsx';
import { CheckCircle2, XCircle } from 'lucide-react';
import { loginReasonLabel, type LoginHistoryRow } from '../../../contract/login-history';
import { formatDateTime } from '../../../lib/dates';
import { describeUserAgent } from '../../../lib/user-agent';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { LOGIN_HISTORY_TEXTS as TEXTS } from '../login-history-texts';

const column = createColumnHelper<LoginHistoryRow>();

/** Success, or Failed with its reason under it. */
function ResultCell({ row }: { row: LoginHistoryRow }) {
  const Icon = row.success ? CheckCircle2 : XCircle;
  return (
    <span className="flex flex-col">
      <span
        className={clsx(
          'inline-flex items-center gap-1 font-medium whitespace-nowrap',
          row.success ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        {row.success ? TEXTS.success : TEXTS.failure}
      </span>
      {row.reason !== null && (
        <span className="text-xs text-stone-600 dark:text-zinc-400">
          {loginReasonLabel(row.reason)}
        </span>
      )}
    </span>
  );
}

/**
 * The login history's columns. A username is a button that narrows the list to that username,
 * the first thing one does when looking into failures.
 */
export function loginHistoryColumns(onShowUser: (username: string) => void) {
  return [
    column.accessor('attempted_at', {
      header: TEXTS.columns.time,
      meta: { firstSort: 'desc', cellClassName: 'tabular-nums whitespace-nowrap' },
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    column.accessor('username', {
      header: TEXTS.columns.username,
      meta: { rowHeader: true },
      cell: ({ row: { original: row } }) => (
        <span className="flex items-center gap-1.5">
          <button
            type="button"
            className="font-medium underline-offset-4 hover:underline"
            title={TEXTS.showUser(row.username)}
            onClick={() => onShowUser(row.username)}
          >
            {row.username}
          </button>
          {row.user_id === null && (
            <span className="rounded bg-stone-100 px-1.5 text-xs whitespace-nowrap text-stone-600 dark:bg-zinc-800 dark:text-zinc-400">
              {TEXTS.unknownAccount}
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('success', {
      header: TEXTS.columns.result,
      cell: ({ row: { original: row } }) => <ResultCell row={row} />,
    }),
    column.accessor('ip', {
      header: TEXTS.columns.address,
      meta: { cellClassName: 'font-mono text-xs whitespace-nowrap' },
      cell: ({ getValue }) => getValue() ?? '',
    }),
    column.accessor('user_agent', {
      header: TEXTS.columns.browser,
      cell: ({ getValue }) => (
        <span
          className="text-xs whitespace-nowrap text-stone-600 dark:text-zinc-400"
          title={getValue() ?? undefined}
        >
          {describeUserAgent(getValue())}
        </span>
      ),
    }),
  ];
}
