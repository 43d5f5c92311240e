import { BarChart3, Table2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { ChartPoint, ReportGroup } from '../../../contract/reports';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable, TableSkeleton } from '../../../ui/data-table/data-table';
import { TimeSeriesChart, type ChartSeries } from '../../../ui/time-series-chart';
import { useChartSeries } from '../api/report-queries';
import { formatCount, formatDuration, formatPeriod, formatShare } from '../report-format';
import { useReportSearch } from '../report-search';
import { CHARTS_TEXTS as TEXTS, REPORTS_TEXTS } from '../reports-texts';
import { RangeFilters } from './report-filters';

/** Line colours: gold (the primary) and two calm companions, lighter on the dark theme. */
const COLORS = {
  gold: { light: '#a9841c', dark: '#e2c55a' },
  sky: { light: '#0369a1', dark: '#38bdf8' },
  rose: { light: '#be123c', dark: '#fb7185' },
} as const;

interface ChartSpec {
  id: string;
  title: string;
  wholeNumbers?: boolean;
  series: (points: readonly ChartPoint[]) => ChartSeries[];
  formatY: (value: number) => string;
}

const count = (value: number) => formatCount(Math.round(value));
const minutes = (seconds: number) => formatDuration(seconds);

const CHARTS: ChartSpec[] = [
  {
    id: 'volume',
    title: TEXTS.volume,
    wholeNumbers: true,
    formatY: count,
    series: (points) => [
      {
        label: TEXTS.arrivals,
        values: points.map((p) => p.arrivals),
        color: COLORS.sky,
        format: count,
      },
      {
        label: TEXTS.decided,
        values: points.map((p) => p.decided),
        color: COLORS.gold,
        format: count,
      },
    ],
  },
  {
    id: 'queue',
    title: TEXTS.queue,
    wholeNumbers: true,
    formatY: count,
    series: (points) => [
      {
        label: TEXTS.depth,
        values: points.map((p) => p.queue_depth),
        color: COLORS.gold,
        format: count,
        fill: true,
      },
    ],
  },
  {
    id: 'sla',
    title: TEXTS.sla,
    formatY: minutes,
    series: (points) => [
      {
        label: TEXTS.p50,
        values: points.map((p) => p.wait_p50),
        color: COLORS.sky,
        format: minutes,
      },
      {
        label: TEXTS.p90,
        values: points.map((p) => p.wait_p90),
        color: COLORS.rose,
        format: minutes,
      },
    ],
  },
  {
    id: 'over-sla',
    title: TEXTS.overSla,
    formatY: (share) => `${Math.round(share * 100)} %`,
    series: (points) => [
      {
        label: TEXTS.overSlaShare,
        values: points.map((p) => p.over_sla_share),
        color: COLORS.rose,
        format: formatShare,
        fill: true,
      },
    ],
  },
];

function tableColumns(group: ReportGroup) {
  const column = createColumnHelper<ChartPoint>();
  const numeric = { numeric: true } as const;
  return [
    column.accessor('period_start', {
      header: REPORTS_TEXTS.columns.period,
      cell: (c) => formatPeriod(c.getValue(), group),
      meta: { rowHeader: true, cellClassName: 'tabular-nums' },
    }),
    column.accessor('arrivals', {
      header: TEXTS.arrivals,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('decided', {
      header: TEXTS.decided,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('queue_depth', {
      header: TEXTS.depth,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wait_p50', {
      header: `${TEXTS.sla} ${TEXTS.p50}`,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wait_p90', {
      header: `${TEXTS.sla} ${TEXTS.p90}`,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('over_sla_share', {
      header: TEXTS.overSlaShare,
      cell: (c) => formatShare(c.getValue()),
      meta: numeric,
    }),
  ];
}

/**
 * /charts: arrivals and decisions, queue depth, time to decision (p50, p90) and the share over
 * SLA per period. Each chart shows exact values on hover; "Show table" swaps the charts for one
 * table of every figure, which is also what a screen reader gets.
 */
export function ChartsPage() {
  useDocumentTitle(TEXTS.title);
  const { filters, update } = useReportSearch();
  const query = {
    from: filters.from,
    to: filters.to,
    group: filters.group,
    service_id: filters.service_id,
  };
  const series = useChartSeries(query);
  const [asTable, setAsTable] = useState(false);
  const columns = useMemo(() => tableColumns(filters.group), [filters.group]);
  const points = series.data?.points;
  const times = useMemo(
    () => points?.map((point) => Date.parse(point.period_start)) ?? [],
    [points],
  );
  const formatX = (seconds: number) => formatPeriod(seconds * 1000, filters.group);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">{TEXTS.title}</h1>
          <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.intro}</p>
        </div>
        <button
          type="button"
          className="btn-secondary px-2.5 py-1.5"
          aria-pressed={asTable}
          onClick={() => setAsTable((now) => !now)}
          data-testid="chart-table-toggle"
        >
          {asTable ? (
            <BarChart3 aria-hidden="true" className="size-4" />
          ) : (
            <Table2 aria-hidden="true" className="size-4" />
          )}
          {asTable ? TEXTS.showChart : TEXTS.showTable}
        </button>
      </div>
      <div className="panel p-3">
        <RangeFilters filters={filters} update={update} />
      </div>
      {series.isError && (
        <p role="alert" className="panel px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {TEXTS.loadFailed(errorMessage(series.error))}
        </p>
      )}
      {asTable ? (
        <section className="panel min-w-0" aria-label={TEXTS.title}>
          <DataTable
            caption={TEXTS.title}
            columns={columns}
            rows={points}
            clientSort
            clientPageSizes={[100, 500]}
            busy={series.isPlaceholderData}
            loadingLabel={TEXTS.loading}
            testId="chart-table"
          />
        </section>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {CHARTS.map((chart) => (
            <ChartPanel key={chart.id} title={chart.title} testId={`chart-${chart.id}`}>
              {points ? (
                <TimeSeriesChart
                  times={times}
                  series={chart.series(points)}
                  summary={TEXTS.summary(
                    chart.title,
                    points.length,
                    REPORTS_TEXTS.groups[filters.group].toLowerCase(),
                  )}
                  formatX={formatX}
                  formatY={chart.formatY}
                  wholeNumbers={chart.wholeNumbers ?? false}
                />
              ) : (
                !series.isError && <TableSkeleton columns={4} label={TEXTS.loading} />
              )}
            </ChartPanel>
          ))}
        </div>
      )}
    </div>
  );
}

function ChartPanel({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="panel min-w-0" aria-labelledby={headingId} data-testid={testId}>
      <header className="border-b border-stone-200 px-4 py-2 dark:border-zinc-800">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
      </header>
      <div className="px-3 py-3">{children}</div>
    </section>
  );
}
