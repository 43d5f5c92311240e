import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, LoaderCircle, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { clockTime } from '../format-dates';
import { DataTable, type Column } from './data-table';

/**
 * A dashboard table fed by a query: loading, error and empty states that say what happened,
 * and, when the last refetch failed or waits for the network, the last data marked with the time
 * it was fetched, so nobody mistakes old rows for live ones.
 */
export function QueryTablePanel<Row>({
  title,
  query,
  columns,
  rowKey,
  empty,
  testId,
}: {
  title: string;
  query: UseQueryResult<Row[]>;
  columns: Column<Row>[];
  rowKey: (row: Row, index: number) => string | number;
  empty: string;
  testId: string;
}) {
  const headingId = useId();
  const { data, error, isError, isPending, isPaused, isFetching, dataUpdatedAt } = query;
  const outdated = data !== undefined && (isError || isPaused);

  return (
    <section
      className="panel flex min-w-0 flex-col"
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <header className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        {data !== undefined && (
          <span
            className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300"
            aria-label={`${data.length} rows`}
          >
            {data.length}
          </span>
        )}
        <span className="ml-auto flex items-center gap-2 text-xs">
          {outdated && (
            <span
              className="flex items-center gap-1 text-amber-700 dark:text-amber-400"
              title={isError ? errorMessage(error) : undefined}
              data-testid={`${testId}-outdated`}
            >
              <AlertTriangle aria-hidden="true" className="size-3.5" />
              {TEXTS.lastUpdated(clockTime(dataUpdatedAt))}
            </span>
          )}
          {isFetching && (
            <LoaderCircle
              aria-label="Updating"
              className="size-3.5 animate-spin text-stone-400 dark:text-zinc-500"
            />
          )}
        </span>
      </header>
      {data !== undefined ? (
        <DataTable
          caption={title}
          columns={columns}
          rows={data}
          rowKey={rowKey}
          empty={empty}
          testId={`${testId}-table`}
        />
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-red-700 dark:text-red-400"
        >
          <p>{TEXTS.loadFailed(title, errorMessage(error))}</p>
          <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {TEXTS.retry}
          </button>
        </div>
      ) : isPaused ? (
        <p className="px-4 py-8 text-center text-sm text-stone-500 dark:text-zinc-400">
          {TEXTS.waitingForNetwork(title)}
        </p>
      ) : isPending ? (
        <TableSkeleton columns={columns.length} label={`Loading ${title}`} />
      ) : null}
    </section>
  );
}

function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2 px-4 py-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          {Array.from({ length: columns }, (_, column) => (
            <div
              key={column}
              className="h-4 flex-1 animate-pulse rounded bg-stone-200/80 dark:bg-zinc-800"
            />
          ))}
        </div>
      ))}
    </div>
  );
}
