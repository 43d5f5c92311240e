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

/**
 * Keyset pages: for lists that grow without bound and are read newest first (the moderation
 * history: a million decisions), page 500 must cost what page 1 costs, which an offset cannot
 * do. The query carries a cursor instead of an offset: `after` (the next, older page starts
 * after this row) or `before` (the previous, newer page ends before this row). A cursor is
 * opaque to the client: the position (time, id) of the row it names, as the server handed it
 * out in `next_cursor` / `prev_cursor`. `page` is only for people: the URL keeps the page
 * number the user reached so the pager can say 'Page 3'; the server ignores it.
 *
 * Unknown query parameters are refused (422), so a misspelt filter never silently shows every
 * row.
 */
export const KEYSET_PAGE_SIZES = [25, 50, 100, 200] as const;
export type KeysetPageSize = (typeof KEYSET_PAGE_SIZES)[number];
/** The page number shown is kept below this (a hand-edited URL cannot print nonsense). */
export const MAX_DISPLAY_PAGE = 1_000_000;

/** A row's place in the order: its time to the microsecond (ISO, UTC) and its id. */
export interface KeysetCursor {
  at: string;
  id: number;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_ID = /^[1-9]\d{0,15}$/;

// Hex keeps the cursor to URL-safe characters with plain ECMAScript (no btoa in the contract).
function toHex(text: string): string {
  return Array.from(text, (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}

function fromHex(text: string): string | null {
  if (!/^(?:[0-9a-f]{2}){1,80}$/.test(text)) return null;
  return (text.match(/../g) ?? []).map((pair) => String.fromCharCode(parseInt(pair, 16))).join('');
}

export function encodeCursor(cursor: KeysetCursor): string {
  return toHex(`${cursor.at}~${cursor.id}`);
}

/** The cursor's position, or null when the text is no cursor this server handed out. */
export function decodeCursor(text: string): KeysetCursor | null {
  const decoded = fromHex(text);
  if (decoded === null) return null;
  const [at = '', id = '', ...rest] = decoded.split('~');
  if (rest.length > 0 || !CURSOR_TIME.test(at) || !CURSOR_ID.test(id)) return null;
  const time = Date.parse(at);
  const number = Number(id);
  if (Number.isNaN(time) || time < 0 || !Number.isSafeInteger(number)) return null;
  return { at, id: number };
}

function cursorSchema(name: 'after' | 'before') {
  return z
    .string({ error: `${name} must be a cursor` })
    .refine((value) => decodeCursor(value) !== null, {
      message: `${name} is not a valid cursor: use next_cursor or prev_cursor from a list answer`,
    })
    .optional();
}

/** Refuses query parameters the list does not know, naming them. */
function strictQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}: this list filters by ${Object.keys(shape).join(', ')}`
        : undefined,
  });
}

export function keysetQuerySchema<Filters extends z.ZodRawShape>(options: {
  defaultPerPage?: KeysetPageSize;
  filters: Filters;
}) {
  return strictQuery({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(MAX_DISPLAY_PAGE, 'page is too large')
      .default(1),
    per_page: z.coerce
      .number({ error: 'per_page must be a number' })
      .int('per_page must be a whole number')
      .refine((value) => (KEYSET_PAGE_SIZES as readonly number[]).includes(value), {
        message: `per_page must be one of ${KEYSET_PAGE_SIZES.join(', ')}`,
      })
      .default(options.defaultPerPage ?? 50),
    after: cursorSchema('after'),
    before: cursorSchema('before'),
    ...options.filters,
  }).refine(
    (query) => {
      const { after, before } = query as { after?: string; before?: string };
      return after === undefined || before === undefined;
    },
    { message: 'Give after or before, not both', path: ['before'] },
  );
}

/** The filters of a keyset list without its paging: the query of its CSV export. */
export function keysetExportQuerySchema<Filters extends z.ZodRawShape>(filters: Filters) {
  return strictQuery(filters);
}

export function keysetResponseSchema<Row extends z.ZodType>(row: Row) {
  return z.object({
    ok: z.literal(true),
    data: z.array(row),
    /** The `after` of the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
    /** The `before` of the previous (newer) page; null on the first page. */
    prev_cursor: z.string().nullable(),
    /** The filter's rows, counted up to TOTAL_CAP. */
    total: z.number().int(),
    total_capped: z.boolean().optional(),
  });
}
