import type { AuditLogRow } from '../../../contract/audit-log';
import { formatDateTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { AUDIT_LOG_TEXTS as TEXTS } from '../audit-log-texts';
import {
  actionLabel,
  actorLabel,
  detailsPreview,
  targetLabel,
  targetName,
} from '../audit-entry-format';

const column = createColumnHelper<AuditLogRow>();

/**
 * The audit log's columns. An actor is a button that narrows the list to that actor; the
 * details column previews what was recorded and opens the whole entry.
 */
export function auditLogColumns({
  onShowActor,
  onOpen,
}: {
  onShowActor: (row: AuditLogRow) => void;
  onOpen: (row: AuditLogRow) => void;
}) {
  return [
    column.accessor('at', {
      header: TEXTS.columns.time,
      meta: { firstSort: 'desc', cellClassName: 'tabular-nums whitespace-nowrap' },
      cell: ({ getValue }) => formatDateTime(getValue()),
    }),
    column.accessor('actor_username', {
      header: TEXTS.columns.actor,
      meta: { rowHeader: true },
      cell: ({ row: { original: row } }) =>
        row.actor_username === null ? (
          <span className="text-stone-500 dark:text-zinc-400">{TEXTS.system}</span>
        ) : (
          <button
            type="button"
            className="font-medium underline-offset-4 hover:underline"
            title={TEXTS.showActor(actorLabel(row))}
            onClick={() => onShowActor(row)}
          >
            {row.actor_username}
          </button>
        ),
    }),
    column.accessor('action', {
      header: TEXTS.columns.action,
      cell: ({ getValue }) => <span title={getValue()}>{actionLabel(getValue())}</span>,
    }),
    column.accessor((row) => targetLabel(row), {
      id: 'target',
      header: TEXTS.columns.target,
      meta: { cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original: row }, getValue }) => {
        const name = targetName(row);
        return (
          <span className="flex flex-col">
            <span>{getValue()}</span>
            {name && <span className="text-xs text-stone-500 dark:text-zinc-400">{name}</span>}
          </span>
        );
      },
    }),
    column.accessor('ip', {
      header: TEXTS.columns.address,
      meta: { cellClassName: 'font-mono text-xs whitespace-nowrap' },
      cell: ({ getValue }) => getValue() ?? '',
    }),
    column.accessor('details', {
      header: TEXTS.columns.details,
      enableHiding: false,
      cell: ({ row: { original: row } }) => (
        <span className="flex items-center justify-between gap-2">
          {/* The preview needs room; on a tablet the button alone opens the entry. */}
          <span className="hidden max-w-72 truncate text-xs text-stone-600 xl:inline dark:text-zinc-400">
            {detailsPreview(row.details)}
          </span>
          <button
            type="button"
            className="btn-secondary shrink-0 px-2 py-0.5 text-xs"
            aria-label={TEXTS.viewLabel(actionLabel(row.action), formatDateTime(row.at))}
            onClick={() => onOpen(row)}
          >
            {TEXTS.view}
          </button>
        </span>
      ),
    }),
  ];
}
