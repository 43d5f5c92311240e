/**
 * Wide reads as one JSON text per row. The embedded database hands every cell to JavaScript on
 * its own, which costs about 1.4 µs a cell: 5,000 rows of 13 columns took 89 ms, the same rows
 * (with three joined names more) as one `json_build_array(...)::text` each took 46 ms including
 * JSON.parse. A read of thousands of rows (a CSV export, which must stream 50,000 rows a second)
 * therefore selects `jsonRowSql(fields)` and turns each row back into an object with
 * `parseJsonRow`.
 *
 * Inside JSON a timestamptz is text in the session's time zone with up to six fraction digits
 * ('2025-06-15T14:00:00.1234+02:00'); `jsonTimestamp` reads it without losing the microseconds
 * that a keyset cursor needs (server/db/keyset.ts).
 */
export type JsonFields<Key extends string> = readonly (readonly [Key, string])[];

/** The select list item: the fields' SQL expressions as one JSON array text named `row`. */
export function jsonRowSql<Key extends string>(fields: JsonFields<Key>): string {
  return `json_build_array(${fields.map(([, sql]) => sql).join(', ')})::text as row`;
}

/** The row's values by the fields' keys. */
export function parseJsonRow<Key extends string>(
  fields: JsonFields<Key>,
  text: string,
): Record<Key, unknown> {
  const values = JSON.parse(text) as unknown[];
  const row = {} as Record<Key, unknown>;
  fields.forEach(([key], index) => {
    row[key] = values[index] ?? null;
  });
  return row;
}

const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/;

export interface JsonTimestamp {
  /** ISO 8601 in UTC to the millisecond, as every answer prints dates. */
  iso: string;
  /** ISO 8601 in UTC to the microsecond: the exact value, for a keyset cursor. */
  exact: string;
}

export function jsonTimestamp(text: string): JsonTimestamp {
  // The common case without a regular expression: UTC, as the embedded database answers.
  if (text.length >= 25 && text.endsWith('+00:00') && text[10] === 'T' && text[19] !== ':') {
    const seconds = text.slice(0, 19);
    const micros = (text.length > 25 ? text.slice(20, -6) : '').padEnd(6, '0');
    if (/^\d{6}$/.test(micros) && (text.length === 25 || text[19] === '.')) {
      return { iso: `${seconds}.${micros.slice(0, 3)}Z`, exact: `${seconds}.${micros}Z` };
    }
  }
  const match = TIMESTAMP.exec(text);
  if (!match) throw new Error(`not a JSON timestamptz: ${text}`);
  const [, seconds = '', fraction = '', zone = 'Z'] = match;
  const micros = fraction.padEnd(6, '0');
  // In UTC (the embedded database's zone) the text is the answer; exports read many rows.
  const utcSeconds =
    zone === 'Z' || zone === '+00:00' || zone === '+00'
      ? seconds
      : new Date(Date.parse(`${seconds}${offsetOf(zone)}`)).toISOString().slice(0, 19);
  return { iso: `${utcSeconds}.${micros.slice(0, 3)}Z`, exact: `${utcSeconds}.${micros}Z` };
}

/** '+05' and '+0530' as Date.parse takes them: '+05:00', '+05:30'. */
function offsetOf(zone: string): string {
  return zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
}
