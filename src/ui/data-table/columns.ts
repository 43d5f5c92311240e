/**
 * Columns of the kit's tables are TanStack Table column definitions
 * (`createColumnHelper<Row>()`), with these presentation hints in `meta`.
 */
import type { RowData } from '@tanstack/react-table';

export { createColumnHelper, type ColumnDef } from '@tanstack/react-table';

export interface ColumnPresentation {
  /** Right-aligned with tabular figures (counts, ids). */
  numeric?: boolean;
  /** The cell is the row's header (`<th scope="row">`): the name a screen reader announces. */
  rowHeader?: boolean;
  /** The column's name where the header is no plain string (the column menu, sort labels). */
  label?: string;
  /** The first order a click on the header sorts by; later clicks flip it. Default 'asc'. */
  firstSort?: 'asc' | 'desc';
  /** Extra classes of the body cells. */
  cellClassName?: string;
}

declare module '@tanstack/react-table' {
  // Merged into TanStack Table's own (empty) ColumnMeta, so `meta` of every column takes these.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> extends ColumnPresentation {}
}
