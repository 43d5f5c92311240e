import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { UI_TEXTS } from '../ui-texts';
import { PAGER_CLASS, PageSizeSelect, PagerButton } from './table-pager';

/**
 * The pager of a keyset list (keysetQuerySchema in src/contract/list.ts): rows per page, the
 * range shown ('51–100 of 10,000+'), and First / Previous / Next, which follow the cursors the
 * server answered with the page. There is no "last page" and no jumping to page N: a keyset
 * list is read from its newest row onwards, and any page it reaches costs what the first does.
 * `page` is the number the URL keeps for display.
 */
export function KeysetPager({
  page,
  perPage,
  pageSizes,
  shown,
  total,
  capped = false,
  nextCursor,
  prevCursor,
  onCursor,
  onPerPageChange,
  rangeTestId = 'table-range',
}: {
  page: number;
  perPage: number;
  pageSizes: readonly number[];
  /** Rows on this page. */
  shown: number;
  total: number;
  capped?: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  onCursor: (cursor: { after?: string; before?: string }, page: number) => void;
  onPerPageChange: (perPage: number) => void;
  rangeTestId?: string;
}) {
  const from = shown === 0 ? 0 : (page - 1) * perPage + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  return (
    <nav aria-label={UI_TEXTS.pagination} className={PAGER_CLASS}>
      <PageSizeSelect perPage={perPage} pageSizes={pageSizes} onChange={onPerPageChange} />
      <p className="tabular-nums" data-testid={rangeTestId} aria-live="polite">
        {UI_TEXTS.range(from, to, Math.max(total, to), capped)}
      </p>
      <div className="flex items-center gap-1">
        <PagerButton
          label={UI_TEXTS.firstPage}
          icon={ChevronsLeft}
          disabled={prevCursor === null}
          onClick={() => onCursor({}, 1)}
        />
        <PagerButton
          label={UI_TEXTS.previousPage}
          icon={ChevronLeft}
          disabled={prevCursor === null}
          // To page 1 without a cursor: its newest rows, including those decided meanwhile.
          onClick={() =>
            prevCursor !== null && onCursor(page <= 2 ? {} : { before: prevCursor }, page - 1)
          }
        />
        <span className="px-2 tabular-nums">{UI_TEXTS.page(page)}</span>
        <PagerButton
          label={UI_TEXTS.nextPage}
          icon={ChevronRight}
          disabled={nextCursor === null}
          onClick={() => nextCursor !== null && onCursor({ after: nextCursor }, page + 1)}
        />
      </div>
    </nav>
  );
}
