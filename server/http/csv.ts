import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * Streams rows as a CSV download. Rows come from an async iterable (a repository reading in
 * keyset batches), so an export of any size holds one batch in memory, never the whole result.
 * Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a leading apostrophe.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text before quoting: empty for nothing, formulas neutralised. */
export function csvCellText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): FastifyReply {
  const csv = stringify({ header: true, columns: columns.map((column) => column.header) });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(columns.map((column) => csvCellText(column.value(row))))) {
          await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    } catch (error) {
      reply.log.error({ err: error }, 'CSV export failed');
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return sendCsvStream(reply, filename, csv);
}

function sendCsvStream(reply: FastifyReply, filename: string, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Streams CSV text that is already written (the database wrote the lines: quoted and with
 * formulas neutralised as `sendCsv` does, e.g. migration 050's csv_cell): the header line, then
 * each chunk. A chunk is read only when the client has taken the previous ones, so memory holds
 * about one chunk whatever the export's size.
 */
export function sendCsvText(
  reply: FastifyReply,
  filename: string,
  headers: readonly string[],
  chunks: AsyncIterable<string>,
): FastifyReply {
  async function* body(): AsyncIterable<string> {
    yield `${headers.join(',')}\n`;
    try {
      yield* chunks;
    } catch (error) {
      reply.log.error({ err: error }, 'CSV export failed');
      throw error;
    }
  }
  return sendCsvStream(reply, filename, Readable.from(body(), { objectMode: false }));
}

/** Reads a keyset-paginated source batch by batch until it runs dry. */
export async function* inBatches<Row, Cursor>(
  readBatch: (after: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncIterable<Row> {
  let after: Cursor | undefined;
  for (;;) {
    const batch = await readBatch(after);
    if (batch.length === 0) return;
    yield* batch;
    after = cursorOf(batch[batch.length - 1] as Row);
  }
}
