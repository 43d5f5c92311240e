import { decodeCursor, encodeCursor, type KeysetCursor } from '../../src/contract/list';
import type { SqlParams } from './sql-params';

/**
 * Keyset pages over a (time, id) order, newest first (src/contract/list.ts has the wire side).
 * A page is "the next N rows after this position": with an index whose last columns are
 * (time, id), the database starts reading at the position and stops after N rows, so page 500
 * costs what page 1 costs. An offset would read and throw away every row before the page.
 *
 * - `after` (older rows): where (time, id) < cursor, order by time desc, id desc.
 * - `before` (newer rows): where (time, id) > cursor, order by time asc, id asc, then the rows
 *   are turned around, so the page reads newest first like every other.
 * - One row more than the page is read: whether it came says if there is a page beyond.
 *
 * The cursor holds the time as text to the microsecond (timestamptz keeps microseconds; a
 * JavaScript Date only milliseconds, which would skip or repeat rows at a page boundary): read
 * it with jsonTimestamp (json-rows.ts) or to_char(... 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"').
 */
export interface KeysetColumns {
  /** The timestamptz column, qualified as the query needs it ('c.decided_at'). */
  time: string;
  /** The bigint/integer id column that breaks ties ('c.id'). */
  id: string;
}

export interface KeysetRequest {
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
}

function decoded(text: string): KeysetCursor {
  // The contract's schema refused a bad cursor with 422 already; this guards other callers.
  const cursor = decodeCursor(text);
  if (!cursor) throw new Error('invalid keyset cursor');
  return cursor;
}

export interface KeysetSql {
  /** The position condition, or null on the first page. */
  condition: string | null;
  orderBy: string;
  /** The limit parameter's placeholder (one row more than the page). */
  limit: string;
}

/** The order of a page request over `columns` (newest first, or oldest first going back). */
export function keysetOrder(columns: KeysetColumns, request: KeysetRequest): string {
  const direction = request.before !== undefined ? 'asc' : 'desc';
  return `${columns.time} ${direction}, ${columns.id} ${direction}`;
}

/** The position condition, order and limit of a page request. */
export function keysetSql(
  params: SqlParams,
  columns: KeysetColumns,
  request: KeysetRequest,
): KeysetSql {
  const backwards = request.before !== undefined;
  const text = request.before ?? request.after;
  let condition: string | null = null;
  if (text !== undefined) {
    const cursor = decoded(text);
    const at = params.add(cursor.at);
    const id = params.add(cursor.id);
    condition = `(${columns.time}, ${columns.id}) ${backwards ? '>' : '<'} (${at}::timestamptz, ${id}::bigint)`;
  }
  return {
    condition,
    orderBy: keysetOrder(columns, request),
    limit: params.add(request.limit + 1),
  };
}

/** Rows read by a keyset query, each with the position the query selected (cursorTimeSql). */
export interface KeysetRow {
  cursor: KeysetCursor;
}

export interface KeysetPage<Row> {
  rows: Row[];
  next_cursor: string | null;
  prev_cursor: string | null;
}

/** The page from the rows read (one more than the limit when a further page exists). */
export function keysetPage<Row extends KeysetRow>(
  read: readonly Row[],
  request: KeysetRequest,
): KeysetPage<Row> {
  const backwards = request.before !== undefined;
  const more = read.length > request.limit;
  const rows = read.slice(0, request.limit);
  if (backwards) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Coming from a page, the page we came from is beyond it in that direction.
  const newer = backwards ? more : request.after !== undefined;
  const older = backwards ? true : more;
  return {
    rows,
    next_cursor: older && last ? encodeCursor(last.cursor) : null,
    prev_cursor: newer && first ? encodeCursor(first.cursor) : null,
  };
}
