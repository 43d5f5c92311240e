import type { ColumnDef } from '@tanstack/react-table';
import { formatArrivalTime } from '../../../lib/dates';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { AI_MODERATION_TEXTS as TEXTS } from '../ai-review-texts';

/** What both AI screens show of an item first. */
interface ItemRow {
  id: number;
  bound_time: string;
  service_name: string;
  content: string;
  message_type: string;
}

/** SPEC §9: table previews are cut at 20 to 30 characters, reasoning at 50. */
export const cutAt = (size: number) => (text: string) =>
  text.length > size ? `${text.slice(0, size)}…` : text;

/**
 * ID, arrival, service and a content preview with its type (and `note`, e.g. where the item is)
 * under it: the lead columns of both AI screens' lists.
 */
export function itemColumns<Row extends ItemRow>(
  note?: (row: Row) => string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the kit's tables take them
): ColumnDef<Row, any>[] {
  const column = createColumnHelper<ItemRow>();
  return [
    column.accessor('id', {
      header: TEXTS.columns.id,
      meta: { numeric: true, rowHeader: true },
      enableHiding: false,
    }),
    column.accessor('bound_time', {
      header: TEXTS.columns.arrival,
      cell: ({ getValue }) => formatArrivalTime(getValue()),
      meta: { firstSort: 'desc', cellClassName: 'tabular-nums whitespace-nowrap' },
    }),
    column.accessor('service_name', { header: TEXTS.columns.service }),
    column.accessor('content', {
      header: TEXTS.columns.content,
      cell: ({ row }) => (
        <span className="flex flex-col">
          <TruncatedText text={row.original.content} cut={cutAt(30)} />
          <span className="text-xs text-stone-500 dark:text-zinc-400">
            {row.original.message_type}
            {note ? ` · ${note(row.original as Row)}` : ''}
          </span>
        </span>
      ),
    }),
    // The helper is typed for the shared fields; the rows have more, which these never read.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ] as unknown as ColumnDef<Row, any>[];
}
