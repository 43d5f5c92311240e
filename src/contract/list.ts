import { z } from 'zod';
import { textSchema } from './validation';

/**
 * The one shape of every server-paginated list: the query carries `page`, `per_page`, `sort`,
 * `order` and the list's own filters; the answer is `{ ok, data: rows, total }` (as SPEC §7 has
 * it for the service tokens). Each list's filters and sortable columns are its own; the shared
 * table keeps all of them in the URL, so a reload or a shared link shows the same page.
 *
 * Counting a filter over a million rows costs more than the page itself, so `total` is exact up
 * to TOTAL_CAP and `total_capped` says when there are more; the table then shows "10,000+".
 * Pages are bounded offsets: a page starting past MAX_OFFSET is refused with 422, and the user
 * narrows the filter instead (the lists sort by indexed columns, so any allowed page is fast).
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const TOTAL_CAP = 10_000;
export const MAX_OFFSET = 10_000;

export type SortOrder = 'asc' | 'desc';

export function listQuerySchema<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
>(options: {
  sortable: Sort;
  defaultSort: Sort[number];
  defaultOrder?: SortOrder;
  defaultPerPage?: number;
  /** The page sizes this list offers (PAGE_SIZES unless it says otherwise). */
  pageSizes?: readonly number[];
  filters: Filters;
}) {
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  return z
    .object({
      page: z.coerce
        .number({ error: 'page must be a number' })
        .int('page must be a whole number')
        .min(1, 'page starts at 1')
        .max(MAX_OFFSET, 'page is too large')
        .default(1),
      per_page: z.coerce
        .number({ error: 'per_page must be a number' })
        .int()
        .refine((value) => pageSizes.includes(value), {
          message: `per_page must be one of ${pageSizes.join(', ')}`,
        })
        .default(options.defaultPerPage ?? 25),
      sort: z
        .enum(options.sortable, { error: `sort must be one of ${options.sortable.join(', ')}` })
        .default(options.defaultSort as never),
      order: z
        .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
        .default(options.defaultOrder ?? 'desc'),
      ...options.filters,
    })
    .refine(
      (query) => {
        const { page, per_page } = query as unknown as { page: number; per_page: number };
        return (page - 1) * per_page < MAX_OFFSET;
      },
      {
        message: `Only the first ${MAX_OFFSET.toLocaleString('en-US')} rows can be paged through: narrow the filter`,
        path: ['page'],
      },
    );
}

export function listResponseSchema<Row extends z.ZodType>(row: Row) {
  return z.object({
    ok: z.literal(true),
    data: z.array(row),
    total: z.number().int(),
    /** True when more rows match than `total` says (counting stopped at TOTAL_CAP). */
    total_capped: z.boolean().optional(),
  });
}

/** A free-text search box's filter: trimmed, bounded, storable. */
export const searchFilterSchema = textSchema(200, 'search')
  .transform((value) => value.trim())
  .optional();

/** An optional yes/no filter as the URL carries it. */
export const booleanFilterSchema = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true')
  .optional();
