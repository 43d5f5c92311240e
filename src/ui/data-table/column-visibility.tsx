import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ColumnDef, VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { UI_TEXTS } from '../ui-texts';

/**
 * Which columns of a table the user hid, remembered on this device in localStorage under
 * 'table-columns:<tableId>' as {columnId: false}. Only hidden columns are stored, so a column a
 * later version adds shows up. Storage that is full or blocked only loses the preference.
 */
const STORAGE_PREFIX = 'table-columns:';

function read(tableId: string): VisibilityState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_PREFIX + tableId) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(([, visible]) => visible === false),
    ) as VisibilityState;
  } catch {
    return {};
  }
}

function write(tableId: string, state: VisibilityState) {
  try {
    const hidden = Object.fromEntries(Object.entries(state).filter(([, visible]) => !visible));
    if (Object.keys(hidden).length === 0) localStorage.removeItem(STORAGE_PREFIX + tableId);
    else localStorage.setItem(STORAGE_PREFIX + tableId, JSON.stringify(hidden));
  } catch {
    // A preference only: the table works without it.
  }
}

export function useColumnVisibility(tableId: string) {
  const [state, setState] = useState<VisibilityState>(() => read(tableId));
  const setVisible = useCallback(
    (columnId: string, visible: boolean) => {
      setState((current) => {
        const next = { ...current, [columnId]: visible };
        write(tableId, next);
        return next;
      });
    },
    [tableId],
  );
  return [state, setVisible] as const;
}

/** A column's id as TanStack Table derives it: `id`, else `accessorKey`. */
export function columnId<Row>(column: ColumnDef<Row, unknown>): string {
  const { id } = column as { id?: string };
  const { accessorKey } = column as { accessorKey?: string };
  return id ?? accessorKey ?? '';
}

function columnLabel<Row>(column: ColumnDef<Row, unknown>): string {
  if (column.meta?.label) return column.meta.label;
  if (typeof column.header === 'string') return column.header;
  return columnId(column);
}

/**
 * The Columns button: a popover of checkboxes, one per column that may be hidden (not those
 * with `enableHiding: false`). At least one column stays visible.
 */
export function ColumnVisibilityMenu<Row>({
  columns,
  visibility,
  onChange,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  visibility: VisibilityState;
  onChange: (columnId: string, visible: boolean) => void;
}) {
  const id = useId();
  const hidable = columns.filter((column) => column.enableHiding !== false);
  const visibleCount = columns.filter((column) => visibility[columnId(column)] !== false).length;
  return (
    <Popover className="relative">
      <PopoverButton className="btn-secondary px-2.5 py-1.5" title={UI_TEXTS.columnsLabel}>
        <Columns3 aria-hidden="true" className="size-4" />
        <span>{UI_TEXTS.columns}</span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 4 }}
        className="panel z-40 min-w-48 p-2 shadow-lg focus:outline-none"
      >
        <fieldset>
          <legend
            id={id}
            className="px-2 pt-1 pb-2 text-xs font-semibold text-stone-500 dark:text-zinc-400"
          >
            {UI_TEXTS.columnsLabel}
          </legend>
          {hidable.map((column) => {
            const key = columnId(column);
            const visible = visibility[key] !== false;
            return (
              <label
                key={key}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-stone-100 dark:hover:bg-zinc-800"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-gold-500"
                  checked={visible}
                  disabled={visible && visibleCount <= 1}
                  onChange={(event) => onChange(key, event.target.checked)}
                />
                {columnLabel(column)}
              </label>
            );
          })}
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}
