import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { formatTime } from '../../../lib/dates';
import type { ColumnDef } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';

/**
 * A dashboard table fed by a query: loading, error and empty states that say what happened,
 * and, when the last refetch failed or waits for the network, the last data marked with the time
 * it was fetched, so nobody mistakes old rows for live ones.
 */
export function QueryTablePanel<Row>({
  title,
  query,
  columns,
  getRowId,
  empty,
  testId,
}: {
  title: string;
  query: UseQueryResult<Row[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  getRowId: (row: Row, index: number) => string;
  empty: string;
  testId: string;
}) {
  const headingId = useId();
  const { data, error, isError, isPaused, isFetching, dataUpdatedAt } = query;
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
              {TEXTS.lastUpdated(`${formatTime(dataUpdatedAt)} UTC`)}
            </span>
          )}
          {isFetching && (
            <LoaderCircle
              aria-label="Updating"
              className="size-3.5 motion-safe:animate-spin text-stone-400 dark:text-zinc-500"
            />
          )}
        </span>
      </header>
      <DataTable
        caption={title}
        columns={columns}
        rows={data}
        getRowId={getRowId}
        clientSort
        empty={empty}
        loadingLabel={`Loading ${title}`}
        error={
          isError && data === undefined
            ? {
                message: TEXTS.loadFailed(title, errorMessage(error)),
                onRetry: () => void query.refetch(),
              }
            : null
        }
        waitingText={isPaused ? TEXTS.waitingForNetwork(title) : null}
        scrollClassName="max-h-96"
        density="compact"
        testId={`${testId}-table`}
      />
    </section>
  );
}
