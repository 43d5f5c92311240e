import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { SERVICE_TOKEN_PAGE_SIZES } from '../../../contract/service-tokens';
import { TOKEN_PAGE_TEXTS as TEXTS } from '../service-token-page-texts';

export type PageSize = (typeof SERVICE_TOKEN_PAGE_SIZES)[number];

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Rows per page (10 or 25), the range shown, and page navigation for a server-paged list. */
export function TablePagination({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
}: {
  page: number;
  perPage: PageSize;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: PageSize) => void;
}) {
  const sizeId = useId();
  const pages = pageCount(total, perPage);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const button =
    'rounded-md p-1.5 text-stone-600 hover:bg-stone-200/70 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800';

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-end gap-x-5 gap-y-2 border-t border-stone-200 px-4 py-2 text-sm text-stone-600 dark:border-zinc-800 dark:text-zinc-400"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{TEXTS.rowsPerPage}</label>
        <select
          id={sizeId}
          className="rounded-md border border-stone-300 bg-white py-1 pr-7 pl-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={perPage}
          onChange={(event) => onPerPageChange(Number(event.target.value) as PageSize)}
        >
          {SERVICE_TOKEN_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p className="tabular-nums" data-testid="token-range" aria-live="polite">
        {TEXTS.range(from, to, total)}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={button}
          aria-label={TEXTS.firstPage}
          title={TEXTS.firstPage}
          disabled={page <= 1}
          onClick={() => onPageChange(1)}
        >
          <ChevronsLeft aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={button}
          aria-label={TEXTS.previousPage}
          title={TEXTS.previousPage}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <span className="px-2 tabular-nums">{TEXTS.pageOf(page, pages)}</span>
        <button
          type="button"
          className={button}
          aria-label={TEXTS.nextPage}
          title={TEXTS.nextPage}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className={button}
          aria-label={TEXTS.lastPage}
          title={TEXTS.lastPage}
          disabled={page >= pages}
          onClick={() => onPageChange(pages)}
        >
          <ChevronsRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
