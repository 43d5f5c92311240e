import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import clsx from 'clsx';
import { useEffect, useId, type ReactNode } from 'react';
import { KEYSET_PAGE_SIZES, PAGE_SIZES } from '../../contract/list';
import { errorMessage } from '../../lib/api-client';
import { LastUpdatedMarker } from '../../lib/last-updated';
import { UI_TEXTS } from '../ui-texts';
import { ColumnVisibilityMenu, useColumnVisibility } from './column-visibility';
import { DataTable } from './data-table';
import { ExportCsvLink } from './export-link';
import { KeysetPager } from './keyset-pager';
import type { ListPage } from './list-query';
import type { ListQuerySchema } from './list-search';
import { TablePager, pageCount } from './table-pager';
import type { ListSearchState } from './use-list-search';

const PAGING_KEYS = new Set(['page', 'per_page', 'sort', 'order']);

/**
 * A server-paginated list in a panel: a toolbar (title, last-updated marker when the data may be
 * old, the filter bar slot, the screen's actions, the Columns menu and Export CSV), the table
 * with its states, and the pager. Its state lives in the URL (useListSearch); its rows come
 * from a query built with listQueryOptions (which keeps the previous page while the next loads).
 */
export function ListTable<Row, S extends ListQuerySchema>({
  tableId,
  title,
  titleLevel = 2,
  caption = title,
  columns,
  getRowId,
  rowTestId,
  list,
  query,
  pageSizes,
  filters,
  actions,
  rowActions,
  rowActionsHeader,
  exportHref,
  columnMenu = true,
  empty = UI_TEXTS.noRows,
  emptyFiltered = UI_TEXTS.noRowsMatch,
  loadFailed = (message) => UI_TEXTS.loadFailed(title, message),
  waitingText = UI_TEXTS.waitingForNetwork(title),
  loadingLabel = UI_TEXTS.loading(title),
  rangeTestId,
  testId,
  paging = 'offset',
  onRowOpen,
}: {
  /** Names the table's remembered column choice; unique per screen. */
  tableId: string;
  title: string;
  titleLevel?: 1 | 2;
  caption?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  getRowId?: (row: Row, index: number) => string;
  rowTestId?: (row: Row) => string;
  list: ListSearchState<S>;
  query: UseQueryResult<ListPage<Row>>;
  pageSizes?: readonly number[];
  /** The filter bar: search box, selects, date range. */
  filters?: ReactNode;
  /** The screen's own buttons (New ...). */
  actions?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  rowActionsHeader?: string;
  exportHref?: string;
  columnMenu?: boolean;
  empty?: ReactNode;
  /** The empty state while a filter is set. */
  emptyFiltered?: ReactNode;
  loadFailed?: (message: string) => string;
  waitingText?: string;
  loadingLabel?: string;
  rangeTestId?: string;
  testId?: string;
  /**
   * 'keyset': the list pages by cursors (keysetQuerySchema): the pager follows the page's
   * next_cursor / prev_cursor and shows the page number kept in the URL.
   */
  paging?: 'offset' | 'keyset';
  /** A click on a row (outside its buttons and links) opens it; rows need a keyboard way too. */
  onRowOpen?: (row: Row) => void;
}) {
  const headingId = useId();
  const sizes = pageSizes ?? (paging === 'keyset' ? KEYSET_PAGE_SIZES : PAGE_SIZES);
  const [visibility, setVisible] = useColumnVisibility(tableId);
  const page = query.data;
  const filtered = Object.keys(list.search).some((key) => !PAGING_KEYS.has(key));
  const Heading = titleLevel === 1 ? 'h1' : 'h2';

  // A link or Back to a page past the end (rows were removed meanwhile): go to the last page.
  const pages = page ? pageCount(page.total, list.perPage) : 1;
  const pastEnd =
    paging === 'offset' &&
    page !== undefined &&
    !query.isPlaceholderData &&
    page.total > 0 &&
    list.page > pages;
  const { setPage } = list;
  useEffect(() => {
    if (pastEnd) setPage(pages, { replace: true });
  }, [pastEnd, pages, setPage]);

  return (
    <section className="panel min-w-0" aria-labelledby={headingId} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 px-4 py-3 dark:border-zinc-800">
        <Heading
          id={headingId}
          className={clsx('mr-auto font-semibold', titleLevel === 1 ? 'text-xl' : 'text-base')}
        >
          {title}
        </Heading>
        {/* Offline, the list shows its last (persisted) data, marked as such. */}
        <LastUpdatedMarker query={query} />
        {filters}
        {actions}
        {columnMenu && (
          <ColumnVisibilityMenu columns={columns} visibility={visibility} onChange={setVisible} />
        )}
        {exportHref && <ExportCsvLink href={exportHref} />}
      </div>
      <DataTable
        caption={caption}
        columns={columns}
        rows={page?.data}
        getRowId={getRowId}
        rowTestId={rowTestId}
        sort={{
          by: list.sort,
          order: list.order,
          sortable: list.sortable,
          onChange: list.setSort,
        }}
        columnVisibility={visibility}
        rowActions={rowActions}
        rowActionsHeader={rowActionsHeader}
        empty={filtered ? emptyFiltered : empty}
        loadingLabel={loadingLabel}
        error={
          query.isError
            ? {
                message: loadFailed(errorMessage(query.error)),
                onRetry: () => void query.refetch(),
              }
            : null
        }
        waitingText={query.isPaused ? waitingText : null}
        busy={query.isPlaceholderData}
        testId={testId ? `${testId}-table` : undefined}
        onRowOpen={onRowOpen}
      />
      {page && paging === 'keyset' && (
        <KeysetPager
          page={list.page}
          perPage={list.perPage}
          pageSizes={sizes}
          shown={page.data.length}
          total={page.total}
          capped={page.total_capped ?? false}
          nextCursor={page.next_cursor ?? null}
          prevCursor={page.prev_cursor ?? null}
          onCursor={list.setCursor}
          onPerPageChange={list.setPerPage}
          rangeTestId={rangeTestId}
        />
      )}
      {page && paging === 'offset' && (
        <TablePager
          page={list.page}
          perPage={list.perPage}
          pageSizes={sizes}
          total={page.total}
          capped={page.total_capped ?? false}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          rangeTestId={rangeTestId}
        />
      )}
    </section>
  );
}
