import { useId } from 'react';
import type { DashboardStat } from '../../../contract/socket-events';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { DASHBOARD_PAGE_TEXTS as TEXTS } from '../dashboard-texts';

type ModeratingUser = DashboardStat['data'][number];

const column = createColumnHelper<ModeratingUser>();
const COLUMNS = [
  column.accessor('content_id', {
    header: 'Content ID',
    cell: ({ getValue }) => {
      const id = getValue();
      return id === null ? (
        <span className="text-stone-400 dark:text-zinc-500">{TEXTS.waitingForContent}</span>
      ) : (
        <span className="tabular-nums">{id}</span>
      );
    },
  }),
  column.accessor('username', { header: 'Operator' }),
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
        getRowId={(row, index) => `${row.username}-${row.content_id ?? 'none'}-${index}`}
        scrollClassName="max-h-96"
        density="compact"
        empty={moderating === null ? TEXTS.liveWaiting : TEXTS.noModerators}
        testId="contents-table"
      />
    </section>
  );
}
