import { Info } from 'lucide-react';
import { useId, useMemo } from 'react';
import { reportEndpoints } from '../../../contract/reports';
import { api, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DataTable } from '../../../ui/data-table/data-table';
import { ExportCsvLink } from '../../../ui/data-table/export-link';
import { useReport } from '../api/report-queries';
import { formatDay } from '../../../lib/dates';
import { savedFiltersOf, useReportSearch } from '../report-search';
import { REPORTS_TEXTS as TEXTS } from '../reports-texts';
import { HAS_PERCENTILES, reportColumns } from './report-columns';
import { RangeFilters, ReportKindPicker } from './report-filters';
import { SavedReportsBar } from './saved-reports-bar';

const PAGE_SIZES = [100, 500] as const;

/**
 * /reports: productivity, services, tags and SLA over a UTC range by hour, day or week. The
 * filters are the URL (a saved report is a named copy of them); the table sorts on any column
 * and pages by 100; Export CSV downloads the same rows.
 */
export function ReportsPage() {
  useDocumentTitle(TEXTS.title);
  const headingId = useId();
  const { search, filters, update, load } = useReportSearch();
  const report = useReport(filters);
  const columns = useMemo(
    () => reportColumns(filters.report, filters.group),
    [filters.report, filters.group],
  );
  // The rows on screen belong to the report they were loaded for (an older one while the next loads).
  const shown = report.data?.report === filters.report ? report.data : undefined;

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
        <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
      </div>
      <div className="panel flex flex-col gap-3 p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ReportKindPicker value={filters.report} onChange={(report) => update({ report })} />
          <SavedReportsBar
            selectedId={search.saved}
            filters={savedFiltersOf(filters)}
            onLoad={load}
          />
        </div>
        <RangeFilters
          filters={filters}
          update={update}
          withOperator={filters.report === 'productivity'}
        />
      </div>
      <section className="panel min-w-0" aria-labelledby={headingId} data-testid="report">
        <header className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
          <div>
            <h2 id={headingId} className="text-sm font-semibold">
              {TEXTS.tableTitle(filters.report, filters.group)}
            </h2>
            {shown && (
              <p className="text-xs text-stone-500 tabular-nums dark:text-zinc-400">
                {TEXTS.range(formatDay(shown.start), formatDay(new Date(shown.end).getTime() - 1))}
              </p>
            )}
          </div>
          <ExportCsvLink href={api.href(reportEndpoints.export, { query: filters })} />
        </header>
        {HAS_PERCENTILES[filters.report] && (
          <p className="flex items-start gap-1.5 border-b border-stone-200 px-4 py-2 text-xs text-stone-600 dark:border-zinc-800 dark:text-zinc-400">
            <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {TEXTS.precision}
          </p>
        )}
        <DataTable
          caption={TEXTS.tableTitle(filters.report, filters.group)}
          // The column set changes with the report: a new table, with its own sort and page.
          key={`${filters.report}:${filters.group}`}
          columns={columns}
          rows={shown?.rows}
          clientSort
          clientPageSizes={PAGE_SIZES}
          busy={report.isPlaceholderData || report.isFetching}
          empty={TEXTS.empty}
          loadingLabel={TEXTS.loading}
          error={
            report.isError
              ? {
                  message: TEXTS.loadFailed(errorMessage(report.error)),
                  onRetry: () => void report.refetch(),
                }
              : null
          }
          testId="report-table"
        />
      </section>
    </div>
  );
}
