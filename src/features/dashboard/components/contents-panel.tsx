import { useId } from 'react';
import type { DashboardStat } from '../../../contract/socket-events';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';
import { DataTable, type Column } from './data-table';

type ModeratingUser = DashboardStat['data'][number];

const COLUMNS: Column<ModeratingUser>[] = [
  {
    header: 'Content ID',
    value: (row) => row.content_id,
    render: (row) =>
      row.content_id === null ? (
        <span className="text-stone-400 dark:text-zinc-500">{TEXTS.waitingForContent}</span>
      ) : (
        <span className="tabular-nums">{row.content_id}</span>
      ),
  },
  { header: 'Operator', value: (row) => row.username },
];

/** Which item each online moderating operator holds (SPEC §2 Dashboard, contents table). */
export function ContentsPanel({ moderating }: { moderating: ModeratingUser[] | null }) {
  const headingId = useId();
  return (
    <section
      className="panel flex min-w-0 flex-col"
      aria-labelledby={headingId}
      data-testid="contents-panel"
    >
      <header className="flex min-h-11 items-center gap-3 border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {TEXTS.contentsTitle}
        </h2>
        {moderating && (
          <span
            className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300"
            aria-label={`${moderating.length} operators`}
          >
            {moderating.length}
          </span>
        )}
      </header>
      <DataTable
        caption={TEXTS.contentsTitle}
        columns={COLUMNS}
        rows={moderating ?? []}
        rowKey={(row, index) => `${row.username}-${row.content_id ?? 'none'}-${index}`}
        empty={moderating === null ? TEXTS.liveWaiting : TEXTS.noModerators}
        testId="contents-table"
      />
    </section>
  );
}
