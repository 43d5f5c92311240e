import {
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { UI_TEXTS } from '../ui-texts';

/** How many pages `total` rows fill; at least 1, so an empty list reads 'Page 1 of 1'. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The range shown: '1–25 of 1,234', '0–0 of 0', or '1–25 of 10,000+' when counting stopped. */
export function rangeText(page: number, perPage: number, total: number, capped = false): string {
  const from = total === 0 ? 0 : Math.min((page - 1) * perPage + 1, total);
  const to = Math.min(total, page * perPage);
  return UI_TEXTS.range(from, to, total, capped);
}

export const PAGER_CLASS =
  'flex flex-wrap items-center justify-end gap-x-5 gap-y-2 border-t border-stone-200 px-4 py-2 text-sm text-stone-600 dark:border-zinc-800 dark:text-zinc-400';

const PAGER_BUTTON =
  'rounded-md p-1.5 text-stone-600 hover:bg-stone-200/70 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800';

/**
 * Rows per page, the range shown and page buttons of a server-paged list. When the server
 * stopped counting (`capped`, see TOTAL_CAP in src/contract/list.ts) the total reads '10,000+'
 * and the last page is the last one the server lets anyone page to.
 */
export function TablePager({
  page,
  perPage,
  pageSizes,
  total,
  capped = false,
  onPageChange,
  onPerPageChange,
  rangeTestId = 'table-range',
}: {
  page: number;
  perPage: number;
  pageSizes: readonly number[];
  total: number;
  capped?: boolean;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  rangeTestId?: string;
}) {
  const pages = pageCount(total, perPage);

  return (
    <nav aria-label={UI_TEXTS.pagination} className={PAGER_CLASS}>
      <PageSizeSelect perPage={perPage} pageSizes={pageSizes} onChange={onPerPageChange} />
      <p className="tabular-nums" data-testid={rangeTestId} aria-live="polite">
        {rangeText(page, perPage, total, capped)}
      </p>
      <div className="flex items-center gap-1">
        <PagerButton
          label={UI_TEXTS.firstPage}
          icon={ChevronsLeft}
          disabled={page <= 1}
          onClick={() => onPageChange(1)}
        />
        <PagerButton
          label={UI_TEXTS.previousPage}
          icon={ChevronLeft}
          disabled={page <= 1}
          onClick={() => onPageChange(Math.min(page - 1, pages))}
        />
        <span className="px-2 tabular-nums">{UI_TEXTS.pageOf(page, pages, capped)}</span>
        <PagerButton
          label={UI_TEXTS.nextPage}
          icon={ChevronRight}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        />
        <PagerButton
          label={UI_TEXTS.lastPage}
          icon={ChevronsRight}
          disabled={page >= pages}
          onClick={() => onPageChange(pages)}
        />
      </div>
    </nav>
  );
}

/** The rows-per-page choice of a pager; nothing when there is one size only. */
export function PageSizeSelect({
  perPage,
  pageSizes,
  onChange,
}: {
  perPage: number;
  pageSizes: readonly number[];
  onChange: (perPage: number) => void;
}) {
  const sizeId = useId();
  if (pageSizes.length <= 1) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={sizeId}>{UI_TEXTS.rowsPerPage}</label>
      <select
        id={sizeId}
        className="rounded-md border border-stone-300 bg-white py-1 pr-7 pl-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        value={perPage}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One of a pager's page buttons: an icon with its name as label and tooltip. */
export function PagerButton({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={PAGER_BUTTON}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
