import type { ColumnDef } from '@tanstack/react-table';
import {
  CUSTOM_TAG_KEY,
  type Report,
  type ProductivityRow,
  type ReportGroup,
  type ReportKind,
  type ServiceVolumeRow,
  type SlaRow,
  type TagRow,
} from '../../../contract/reports';
import { createColumnHelper } from '../../../ui/data-table/columns';
import {
  formatCount,
  formatDuration,
  formatPeriod,
  formatRate,
  formatShare,
} from '../report-format';
import { REPORTS_TEXTS } from '../reports-texts';

/**
 * The columns of each report, in the order of its CSV export. Figures are right-aligned and
 * sort by their value; the period and the name sort as text.
 */
const C = REPORTS_TEXTS.columns;
const numeric = { numeric: true, firstSort: 'desc' } as const;

function periodColumn<Row extends { period_start: string }>(group: ReportGroup) {
  return createColumnHelper<Row>().accessor((row) => row.period_start, {
    id: 'period_start',
    header: C.period,
    cell: ({ getValue }) => formatPeriod(getValue(), group),
    meta: { cellClassName: 'tabular-nums' },
  });
}

function productivityColumns(group: ReportGroup) {
  const column = createColumnHelper<ProductivityRow>();
  return [
    periodColumn<ProductivityRow>(group),
    column.accessor('operator', { header: C.operator, meta: { rowHeader: true } }),
    column.accessor('decided', {
      header: C.decided,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('active_hours', { header: C.activeHours, meta: numeric }),
    column.accessor('items_per_hour', {
      header: () => <span title={REPORTS_TEXTS.itemsPerHourHint}>{C.itemsPerHour}</span>,
      cell: (c) => formatRate(c.getValue()),
      meta: { ...numeric, label: C.itemsPerHour },
    }),
    column.accessor('handling_p50', {
      header: C.handlingP50,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('handling_p90', {
      header: C.handlingP90,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('untagged', { header: C.untagged, meta: numeric }),
    column.accessor('untagged_share', {
      header: C.untaggedShare,
      cell: (c) => formatShare(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wellness_break_seconds', {
      header: C.wellnessBreak,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
  ];
}

function servicesColumns(group: ReportGroup) {
  const column = createColumnHelper<ServiceVolumeRow>();
  return [
    periodColumn<ServiceVolumeRow>(group),
    column.accessor('service', { header: C.service, meta: { rowHeader: true } }),
    column.accessor('arrivals', {
      header: C.arrivals,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('decided', {
      header: C.decided,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('by_operators', {
      header: C.byOperators,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('by_ai', {
      header: C.byAi,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('tagged', {
      header: C.tagged,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('untagged', {
      header: C.untagged,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('untagged_share', {
      header: C.untaggedShare,
      cell: (c) => formatShare(c.getValue()),
      meta: numeric,
    }),
  ];
}

export function tagLabel(tag: string): string {
  if (tag === CUSTOM_TAG_KEY) return REPORTS_TEXTS.customTag;
  return tag.replace(/_/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

function tagsColumns(group: ReportGroup) {
  const column = createColumnHelper<TagRow>();
  return [
    periodColumn<TagRow>(group),
    column.accessor('tag', {
      header: C.tag,
      cell: (c) => tagLabel(c.getValue()),
      meta: { rowHeader: true },
    }),
    column.accessor('decided', {
      header: C.decided,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('share', {
      header: C.share,
      cell: (c) => formatShare(c.getValue()),
      meta: numeric,
    }),
  ];
}

function slaColumns(group: ReportGroup) {
  const column = createColumnHelper<SlaRow>();
  return [
    periodColumn<SlaRow>(group),
    column.accessor('service', { header: C.service, meta: { rowHeader: true } }),
    column.accessor('sla_minutes', {
      header: C.slaMinutes,
      cell: (c) => `${c.getValue()} min`,
      meta: numeric,
    }),
    column.accessor('decided', {
      header: C.decided,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wait_p50', {
      header: C.waitP50,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wait_p90', {
      header: C.waitP90,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('wait_p99', {
      header: C.waitP99,
      cell: (c) => formatDuration(c.getValue()),
      meta: numeric,
    }),
    column.accessor('over_sla', {
      header: C.overSla,
      cell: (c) => formatCount(c.getValue()),
      meta: numeric,
    }),
    column.accessor('over_sla_share', {
      header: C.overSlaShare,
      cell: (c) => formatShare(c.getValue()),
      meta: numeric,
    }),
  ];
}

export type ReportRow = Report['rows'][number];
// Each report's columns read its own row type; the table takes them as columns of any report row.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ReportColumns = ColumnDef<ReportRow, any>[];

export function reportColumns(kind: ReportKind, group: ReportGroup): ReportColumns {
  switch (kind) {
    case 'productivity':
      return productivityColumns(group) as ReportColumns;
    case 'services':
      return servicesColumns(group) as ReportColumns;
    case 'tags':
      return tagsColumns(group) as ReportColumns;
    case 'sla':
      return slaColumns(group) as ReportColumns;
  }
}

/** The report's percentiles are estimates (see the precision note). */
export const HAS_PERCENTILES: Record<ReportKind, boolean> = {
  productivity: true,
  services: false,
  tags: false,
  sla: true,
};
