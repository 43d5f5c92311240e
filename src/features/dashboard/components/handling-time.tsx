import { useId } from 'react';
import type { OperatorStat } from '../../../contract/socket-events';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';

/** An average handling time: '8.4 s', '2 min 05 s'; '-' when there is none. */
export function formatHandlingTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '-';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** The table cell of an average handling time. */
export const handlingTimeCell = ({ getValue }: { getValue: () => number | null }) => (
  <span className="tabular-nums">{formatHandlingTime(getValue())}</span>
);

const column = createColumnHelper<OperatorStat>();
const COLUMNS = [
  column.accessor('username', { header: TEXTS.operatorColumn }),
  column.accessor('handled', {
    header: TEXTS.handledColumn,
    meta: { numeric: true, firstSort: 'desc' },
  }),
  column.accessor('avg_handling_seconds', {
    header: TEXTS.avgHandlingColumn,
    cell: handlingTimeCell,
    meta: { numeric: true, firstSort: 'desc' },
  }),
];

/** Today's decisions and average handling time per operator, from the live stat. */
export function OperatorsPanel({ operators }: { operators: OperatorStat[] | null }) {
  const headingId = useId();
  return (
    <section
      className="panel flex min-w-0 flex-col"
      aria-labelledby={headingId}
      data-testid="operators-panel"
    >
      <header className="flex min-h-11 items-center gap-3 border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold" title={TEXTS.avgHandlingHint}>
          {TEXTS.operatorsTitle}
        </h2>
      </header>
      <DataTable
        caption={TEXTS.operatorsTitle}
        columns={COLUMNS}
        rows={operators ?? []}
        getRowId={(row) => String(row.user_id)}
        clientSort
        scrollClassName="max-h-96"
        density="compact"
        empty={operators === null ? TEXTS.liveWaiting : TEXTS.noOperatorsToday}
        testId="operators-table"
      />
    </section>
  );
}
