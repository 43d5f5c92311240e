import clsx from 'clsx';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SubscriberRow } from '../../../contract/subscribers';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { SUBSCRIBERS_TEXTS as TEXTS } from '../subscribers-texts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';
const muted = 'text-stone-500 dark:text-zinc-400';
const column = createColumnHelper<SubscriberRow>();

const NOTES_PREVIEW = 30;
const cutNotes = (text: string) =>
  text.length > NOTES_PREVIEW ? `${text.slice(0, NOTES_PREVIEW - 1)}…` : text;

/**
 * The subscribers list's columns. Sortable ones carry the ids of the list's `sort` values (name,
 * service, created); the external id is shown under the display name.
 */
export function subscriberColumns({ actions }: { actions: (row: SubscriberRow) => ReactNode }) {
  return [
    column.accessor('name', {
      header: TEXTS.columns.subscriber,
      meta: { rowHeader: true, label: TEXTS.columns.subscriber },
      enableHiding: false,
      cell: ({ row }) => (
        <span className="block min-w-40 leading-tight">
          <span className="font-medium">{row.original.name}</span>
          {row.original.name !== row.original.external_id && (
            <span className={clsx('block font-mono text-xs font-normal', muted)}>
              {row.original.external_id}
            </span>
          )}
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
    column.accessor('service_name', { id: 'service', header: TEXTS.columns.service }),
    column.accessor('blocked', {
      id: 'state',
      header: TEXTS.columns.state,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.blocked ? (
          <span
            className={clsx(badge, 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300')}
            title={
              row.original.blocked_at
                ? TEXTS.blockedSince(formatDateTime(row.original.blocked_at))
                : undefined
            }
          >
            <Ban aria-hidden="true" className="size-3" />
            {TEXTS.blocked}
          </span>
        ) : (
          <span className={clsx('text-xs', muted)}>{TEXTS.allowed}</span>
        ),
    }),
    column.accessor('notes', {
      header: TEXTS.columns.notes,
      enableSorting: false,
      cell: ({ getValue }) => <TruncatedText text={getValue()} cut={cutNotes} />,
    }),
    column.accessor('created_at', {
      id: 'created',
      header: TEXTS.columns.created,
      cell: ({ getValue }) => formatDateTime(getValue()),
      meta: { firstSort: 'desc' },
    }),
  ];
}
