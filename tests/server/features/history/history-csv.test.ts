import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvCellText } from '../../../../server/http/csv';
import { useTestServer } from '../../../support/test-server';

/**
 * The history's CSV export is written by the database (migration 050's csv_cell); every other
 * export by server/http/csv.ts (csv-stringify with its defaults, formulas neutralised first).
 * The two must write the same cell for the same text, whatever the text holds.
 */
const NASTY = [
  '',
  'plain',
  'comma, inside',
  'a "quoted" word',
  '"',
  '""',
  'line one\nline two',
  'carriage\rreturn',
  'crlf\r\nend',
  '=HYPERLINK("http://evil.example")',
  '=1+2',
  '+1 555',
  '-2 dollars',
  '@SUM(A1)',
  '\tstarts with a tab',
  '\rstarts with a carriage return',
  '=a,"b"\nc',
  ' =not first',
  "'already quoted",
  'ünïcödé, 表情 😀',
  '＝fullwidth equals',
  'trailing space ',
  ';semicolon',
];

/** The line csv.ts writes for these cells, without its line break. */
function csvTsLine(values: readonly (string | null)[]): string {
  return stringify([values.map((value) => csvCellText(value))]).replace(/\n$/, '');
}

describe('csv_cell (migration 050)', () => {
  const server = useTestServer();

  it('writes each nasty text as server/http/csv.ts does', async () => {
    const rows = await server.db.query<{ value: string; cell: string }>(
      `select t.value, csv_cell(t.value) as cell
         from unnest($1::text[]) with ordinality t(value, n) order by t.n`,
      [NASTY],
    );
    expect(rows.map((row) => row.cell)).toEqual(NASTY.map((value) => csvTsLine([value])));
  });

  it('writes nothing for null, and a line of cells as csv.ts joins them', async () => {
    const [row] = await server.db.query<{ line: string }>(
      `select csv_cell(null) || ',' || csv_cell($1) || ',' || csv_cell($2) as line`,
      [NASTY[3], NASTY[9]],
    );
    expect(row?.line).toBe(csvTsLine([null, NASTY[3] ?? '', NASTY[9] ?? '']));
  });
});
