import clsx from 'clsx';
import type { ReactNode } from 'react';
import { preview } from '../../../contract/dashboard';

export interface Column<Row> {
  header: string;
  /** The cell's full value. */
  value: (row: Row) => string | number | null;
  /**
   * number: right-aligned, tabular figures. preview: cut with preview() (SPEC §9, 25
   * characters) with the whole text in a tooltip. text: shown as is.
   */
  kind?: 'text' | 'number' | 'preview';
  /** Renders the cell instead of the plain value (the value still feeds the tooltip). */
  render?: (row: Row) => ReactNode;
}

const headerCell =
  'sticky top-0 z-10 bg-stone-50 px-3 py-2 text-xs whitespace-nowrap font-semibold tracking-wide text-stone-500 uppercase dark:bg-zinc-900 dark:text-zinc-400';

/**
 * A dense, read-only table: a caption for assistive technology (the visible title is the
 * panel's heading), column headers with scope, and a sticky header inside a scroll box.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  testId,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  empty: string;
  testId?: string;
}) {
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200 dark:border-zinc-800">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={clsx(headerCell, column.kind === 'number' ? 'text-right' : 'text-left')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-zinc-800/70">
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                className="px-3 py-8 text-center text-sm text-stone-500 dark:text-zinc-400"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} className="hover:bg-stone-50 dark:hover:bg-zinc-800/40">
                {columns.map((column) => (
                  <Cell key={column.header} column={column} row={row} />
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const value = column.value(row);
  const full = value === null ? '' : String(value);
  const cut = column.kind === 'preview' ? preview(full) : full;
  return (
    <td
      className={clsx(
        'px-3 py-1.5 align-top whitespace-nowrap',
        column.kind === 'number' && 'text-right tabular-nums',
        column.kind === 'preview' && 'font-mono text-xs',
      )}
      title={cut !== full ? full : undefined}
    >
      {column.render ? column.render(row) : cut}
    </td>
  );
}
