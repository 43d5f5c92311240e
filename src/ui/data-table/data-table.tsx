import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type PaginationState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import clsx from 'clsx';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown, RotateCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SortOrder } from '../../contract/list';
import { UI_TEXTS } from '../ui-texts';
import './columns';
import { flipOrder } from './list-search';
import { TablePager } from './table-pager';

/** Sorting done by the server: the table shows `by`/`order` and reports header clicks. */
export interface ServerSort {
  by: string | undefined;
  order: SortOrder;
  /** Column ids the server sorts by; other headers are plain. */
  sortable: readonly string[];
  onChange: (by: string, order: SortOrder) => void;
}

export interface TableError {
  message: string;
  onRetry?: () => void;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption; the visible title is the panel's). */
  caption: string;
  // Column value types differ per column; TanStack's own helpers type them as `any` too.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  /** undefined: nothing loaded yet (loading, error or waiting states show instead). */
  rows: Row[] | undefined;
  getRowId?: (row: Row, index: number) => string;
  /** Server sorting; without it and without `clientSort`, headers are plain. */
  sort?: ServerSort;
  /** The table sorts its own rows (small lists loaded whole); every column is sortable. */
  clientSort?: boolean;
  /**
   * The table pages its own rows (a list loaded whole that can run to thousands of rows, like
   * a report): the first page size of these, with a pager under the table when there is more
   * than one page. Sorting applies to all rows, before paging.
   */
  clientPageSizes?: readonly number[];
  columnVisibility?: VisibilityState;
  /** Buttons at the end of each row, under an 'Actions' header. */
  rowActions?: (row: Row) => ReactNode;
  rowActionsHeader?: string;
  /** What an empty list says. */
  empty?: ReactNode;
  /** The first load is running (rows undefined): a skeleton with this accessible name. */
  loadingLabel?: string;
  /** The last load failed: instead of the rows when there are none, else above them. */
  error?: TableError | null;
  /** Shown instead of the skeleton while the request waits for the network. */
  waitingText?: string | null;
  /** The rows shown are being replaced (the next page loads): dimmed, aria-busy. */
  busy?: boolean;
  /** Height limit of the scroll box (the header sticks inside it). */
  scrollClassName?: string;
  /** Cell padding: 'dense' for lists, 'compact' for the dashboard's small tables. */
  density?: 'dense' | 'compact';
  testId?: string;
  rowTestId?: (row: Row) => string;
  /**
   * A click on a row, outside its buttons, links and fields, opens it. A pointer convenience
   * only: a row must also hold a link or button that opens it, for the keyboard.
   */
  onRowOpen?: (row: Row) => void;
}

const SORT_ICONS = { asc: ArrowUp, desc: ArrowDown } as const;

/**
 * A dense, keyboard-reachable table on TanStack Table (headless): a visually hidden caption,
 * column headers with scope and aria-sort, sort buttons in sortable headers, an optional row
 * header cell, a sticky header inside a scroll box that also scrolls sideways on narrow screens,
 * and one place for the empty, loading, error and "waiting for the network" states.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  sort,
  clientSort = false,
  clientPageSizes,
  columnVisibility,
  rowActions,
  rowActionsHeader = UI_TEXTS.actions,
  empty = UI_TEXTS.noRows,
  loadingLabel,
  error,
  waitingText,
  busy = false,
  scrollClassName = 'max-h-[70vh]',
  density = 'dense',
  testId,
  rowTestId,
  onRowOpen,
}: DataTableProps<Row>) {
  const [clientSorting, setClientSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: clientPageSizes?.[0] ?? Number.MAX_SAFE_INTEGER,
  });
  const allColumns: ColumnDef<Row, unknown>[] = rowActions
    ? [
        ...columns,
        {
          id: '__actions',
          header: rowActionsHeader,
          enableSorting: false,
          enableHiding: false,
          cell: ({ row }) => rowActions(row.original),
          meta: { numeric: true, label: rowActionsHeader },
        },
      ]
    : columns;

  // The table instance is used during this render only and handed to no memoized child.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rows ?? [],
    columns: allColumns,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    getCoreRowModel: getCoreRowModel(),
    ...(clientSort ? { getSortedRowModel: getSortedRowModel() } : {}),
    ...(clientPageSizes
      ? { getPaginationRowModel: getPaginationRowModel(), onPaginationChange: setPagination }
      : {}),
    // New rows (another report) start again at the first page.
    autoResetPageIndex: true,
    manualSorting: !clientSort,
    enableSortingRemoval: false,
    state: {
      ...(clientPageSizes ? { pagination } : {}),
      sorting: clientSort
        ? clientSorting
        : sort?.by
          ? [{ id: sort.by, desc: sort.order === 'desc' }]
          : [],
      columnVisibility: columnVisibility ?? {},
    },
    onSortingChange: setClientSorting,
  });

  const pad = density === 'dense' ? 'px-4' : 'px-3';
  const visibleCount = table.getVisibleLeafColumns().length;

  if (rows === undefined) {
    if (error) return <ErrorBlock error={error} />;
    if (waitingText) {
      return (
        <p className="px-4 py-10 text-center text-sm text-stone-500 dark:text-zinc-400">
          {waitingText}
        </p>
      );
    }
    return <TableSkeleton columns={Math.min(visibleCount, 6)} label={loadingLabel ?? caption} />;
  }

  function sortState(header: Header<Row, unknown>): SortOrder | false | null {
    const column = header.column;
    if (clientSort) return column.getCanSort() ? column.getIsSorted() : null;
    if (!sort || !sort.sortable.includes(column.id)) return null;
    return sort.by === column.id ? sort.order : false;
  }

  function onSortClick(header: Header<Row, unknown>) {
    const column = header.column;
    const first = column.columnDef.meta?.firstSort ?? 'asc';
    const current = sortState(header);
    const next: SortOrder = current ? flipOrder(current) : first;
    if (clientSort) column.toggleSorting(next === 'desc');
    else sort?.onChange(column.id, next);
  }

  return (
    <>
      {error && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-stone-200 bg-red-50 px-4 py-2 text-sm text-red-700 dark:border-zinc-800 dark:bg-red-500/10 dark:text-red-400"
        >
          <p>{error.message}</p>
          {error.onRetry && (
            <button type="button" className="underline" onClick={error.onRetry}>
              {UI_TEXTS.retry}
            </button>
          )}
        </div>
      )}
      <div className={clsx('overflow-auto', scrollClassName)}>
        <table
          className={clsx(
            'w-full border-collapse text-sm transition-opacity',
            busy && 'opacity-60',
          )}
          aria-busy={busy || undefined}
          data-testid={testId}
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-stone-200 dark:border-zinc-800">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const state = sortState(header);
                  const label =
                    meta?.label ??
                    (typeof header.column.columnDef.header === 'string'
                      ? header.column.columnDef.header
                      : header.column.id);
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        state === null
                          ? undefined
                          : state === false
                            ? 'none'
                            : state === 'asc'
                              ? 'ascending'
                              : 'descending'
                      }
                      className={clsx(
                        'sticky top-0 z-10 bg-stone-50 py-2 align-bottom text-xs font-semibold tracking-wide text-stone-500 uppercase dark:bg-zinc-900 dark:text-zinc-400',
                        // The dashboard's narrow panels let long headers wrap rather than clip.
                        density === 'dense' ? 'whitespace-nowrap' : 'min-w-16',
                        pad,
                        meta?.numeric ? 'text-right' : 'text-left',
                      )}
                    >
                      {state === null ? (
                        content
                      ) : (
                        <button
                          type="button"
                          className={clsx(
                            'group -mx-1 items-center gap-1 rounded px-1 text-inherit uppercase hover:text-stone-800 dark:hover:text-zinc-100',
                            // A block for figures: its sort mark comes first, and an inline box
                            // starting with an icon would sit off the text's baseline.
                            meta?.numeric
                              ? 'ml-auto flex w-fit text-right'
                              : 'inline-flex text-left',
                            state && 'text-stone-800 dark:text-zinc-100',
                          )}
                          title={UI_TEXTS.sortBy(label)}
                          onClick={() => onSortClick(header)}
                        >
                          {meta?.numeric && <SortIcon state={state} />}
                          <span>{content}</span>
                          {!meta?.numeric && <SortIcon state={state} />}
                        </button>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone-100 dark:divide-zinc-800/70">
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td
                  colSpan={visibleCount}
                  className="px-4 py-10 text-center text-sm text-stone-500 dark:text-zinc-400"
                >
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className={clsx(
                    'hover:bg-stone-50 dark:hover:bg-zinc-800/40',
                    onRowOpen && 'cursor-pointer',
                  )}
                  data-testid={rowTestId?.(row.original)}
                  onClick={
                    onRowOpen
                      ? (event) => {
                          const target = event.target as HTMLElement;
                          if (target.closest('a, button, input, select, textarea, label')) return;
                          // Selecting text in a row is no click on it.
                          if (window.getSelection()?.toString()) return;
                          onRowOpen(row.original);
                        }
                      : undefined
                  }
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const className = clsx(
                      pad,
                      cell.column.id === '__actions'
                        ? 'py-1'
                        : density === 'dense'
                          ? 'py-2'
                          : 'py-1.5 align-top',
                      !meta?.rowHeader && 'whitespace-nowrap',
                      meta?.numeric && 'text-right tabular-nums',
                      meta?.rowHeader && 'text-left font-medium',
                      meta?.cellClassName,
                    );
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                    return meta?.rowHeader ? (
                      <th key={cell.id} scope="row" className={className}>
                        {content}
                      </th>
                    ) : (
                      <td key={cell.id} className={className}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {clientPageSizes && (rows?.length ?? 0) > (clientPageSizes[0] ?? 0) && (
        <TablePager
          page={pagination.pageIndex + 1}
          perPage={pagination.pageSize}
          pageSizes={clientPageSizes}
          total={rows?.length ?? 0}
          onPageChange={(page) => setPagination((now) => ({ ...now, pageIndex: page - 1 }))}
          onPerPageChange={(size) => setPagination({ pageIndex: 0, pageSize: size })}
        />
      )}
    </>
  );
}

/**
 * The sort mark of a sortable header: the order when sorted; otherwise a faint both-ways arrow,
 * shown with a mouse only on hover or keyboard focus (on touch screens always).
 */
function SortIcon({ state }: { state: SortOrder | false }) {
  const Icon = state ? SORT_ICONS[state] : ArrowUpDown;
  return (
    <Icon
      aria-hidden="true"
      className={clsx(
        'size-3.5 shrink-0',
        !state &&
          'opacity-0 group-hover:opacity-50 group-focus-visible:opacity-50 pointer-coarse:opacity-40',
      )}
    />
  );
}

function ErrorBlock({ error }: { error: TableError }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-red-700 dark:text-red-400"
    >
      <p className="flex items-center gap-2">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {error.message}
      </p>
      {error.onRetry && (
        <button type="button" className="btn-secondary" onClick={error.onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          {UI_TEXTS.retry}
        </button>
      )}
    </div>
  );
}

export function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 px-4 py-5">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex gap-3">
          {Array.from({ length: Math.max(columns, 1) }, (_, column) => (
            <div
              key={column}
              className="h-4 flex-1 motion-safe:animate-pulse rounded bg-stone-200/80 dark:bg-zinc-800"
            />
          ))}
        </div>
      ))}
    </div>
  );
}
