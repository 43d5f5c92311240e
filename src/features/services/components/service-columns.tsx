import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { ServiceRow } from '../../../contract/services';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { SERVICES_TEXTS as TEXTS } from '../services-texts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';
const muted = 'text-stone-500 dark:text-zinc-400';
const column = createColumnHelper<ServiceRow>();

const URL_PREVIEW = 40;
const cutUrl = (url: string) =>
  url.length > URL_PREVIEW ? `${url.slice(0, URL_PREVIEW - 1)}…` : url;

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={clsx(
        badge,
        active
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300'
          : 'bg-stone-200 text-stone-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'size-1.5 rounded-full',
          active ? 'bg-emerald-500' : 'bg-stone-400 dark:bg-zinc-500',
        )}
      />
      {active ? TEXTS.active : TEXTS.inactive}
    </span>
  );
}

/**
 * The services list's columns. Sortable ones carry the ids of the list's `sort` values (name,
 * priority, created); the code is shown under the name, and the tag options in hotkey order.
 */
export function serviceColumns({ actions }: { actions: (row: ServiceRow) => ReactNode }) {
  return [
    column.accessor('name', {
      header: TEXTS.columns.service,
      meta: { rowHeader: true, label: TEXTS.columns.service },
      enableHiding: false,
      cell: ({ row }) => (
        <span className="block min-w-40 leading-tight">
          <span className="font-medium">{row.original.name}</span>
          <span className={clsx('block font-mono text-xs font-normal', muted)}>
            {row.original.code}
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{TEXTS.columns.actions}</span>,
      meta: { label: TEXTS.columns.actions },
      enableHiding: false,
      cell: ({ row }) => actions(row.original),
    }),
    column.accessor('active', {
      id: 'status',
      header: TEXTS.columns.status,
      cell: ({ getValue }) => <StatusBadge active={getValue()} />,
    }),
    column.accessor('priority', {
      header: TEXTS.columns.priority,
      meta: { numeric: true, firstSort: 'desc' },
    }),
    column.accessor('tags', {
      header: TEXTS.columns.tags,
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className="flex max-w-80 min-w-56 flex-wrap gap-1">
          {getValue().map((tag, index) => (
            <span
              key={tag.name}
              className="inline-flex items-center gap-1 rounded border border-stone-200 px-1.5 py-0.5 text-xs dark:border-zinc-700"
              title={tag.name}
            >
              {index < 9 && <span className={clsx('font-semibold', muted)}>{index + 1}</span>}
              {tag.label || tag.name}
            </span>
          ))}
        </span>
      ),
    }),
    column.accessor('callback_url', {
      header: TEXTS.columns.callback,
      enableSorting: false,
      cell: ({ row }) => {
        const url = row.original.callback_url;
        const until = row.original.previous_secret_expires_at;
        return (
          <span className="block leading-tight">
            {url ? (
              <TruncatedText text={url} cut={cutUrl} mono />
            ) : (
              <span className={muted}>{TEXTS.noCallback}</span>
            )}
            {until && (
              <span className={clsx('block text-xs', muted)}>
                {TEXTS.previousSecretUntil(formatDateTime(until))}
              </span>
            )}
          </span>
        );
      },
    }),
    column.accessor('subscriber_count', {
      id: 'subscribers',
      header: TEXTS.columns.subscribers,
      enableSorting: false,
      meta: { numeric: true },
    }),
    column.accessor('created_at', {
      id: 'created',
      header: TEXTS.columns.created,
      cell: ({ getValue }) => formatDateTime(getValue()),
      meta: { firstSort: 'desc' },
    }),
  ];
}
