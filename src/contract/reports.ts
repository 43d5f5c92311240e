import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { idSchema, isoDateSchema, textSchema } from './validation';

/**
 * Reports (/reports) and charts (/charts): figures over a UTC range, one row per period (hour,
 * day or ISO week starting Monday) and key.
 *
 * - productivity: per operator, decisions, items per active hour (decisions / the distinct UTC
 *   hours in which the operator decided anything), handling time (load to decision) p50/p90 of
 *   the items whose load time is known, and the share submitted without a tag. The AI's own
 *   decisions have no operator and are left out.
 * - services: per service, arrivals and decisions with their mix (by operators or by the AI,
 *   with or without a tag).
 * - tags: per tag, the decisions that applied it and their share of all decisions of the period
 *   (a decision may apply several tags; 'additional' is a custom tag).
 * - sla: per service, arrival-to-decision time p50/p90/p99 and the share of decisions later than
 *   the service's SLA as it is set now.
 *
 * The range is widened to whole periods: `from` to the start of its period, `to` to the end of
 * its period. Percentiles come from histograms (see PERCENTILE_PRECISION): a figure is within
 * 5 % of the exact one. Counts and shares are exact.
 */
export const REPORT_KINDS = ['productivity', 'services', 'tags', 'sla'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_GROUPS = ['hour', 'day', 'week'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_LIMITS = {
  /** The longest range, in days. */
  maxRangeDays: 366,
  /** The most periods in one report: a month of hours (31 × 24). */
  maxPeriods: 744,
  /** The most rows one report answers. */
  maxRows: 20_000,
} as const;

/** How close a percentile read from the rollup histograms is to the exact value. */
export const PERCENTILE_PRECISION = {
  /** Relative error bound for durations of a second or more. */
  relative: 0.049,
  /** Absolute error bound below one second, in seconds. */
  belowOneSecond: 0.5,
} as const;

/** The custom-tag key of moderated_status, counted as one tag in the tags report. */
export const CUSTOM_TAG_KEY = 'additional';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC start of the period that holds `time`. */
export function periodStart(time: number, group: ReportGroup): number {
  if (group === 'hour') return Math.floor(time / HOUR_MS) * HOUR_MS;
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  if (group === 'day') return day;
  // 1970-01-01 was a Thursday: Monday is 3 days before a day whose weekday index is 0.
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

/** The start of the period after the one starting at `start`. */
export function nextPeriod(start: number, group: ReportGroup): number {
  return start + (group === 'hour' ? HOUR_MS : group === 'day' ? DAY_MS : 7 * DAY_MS);
}

/** The range as reports read it: [start of from's period, end of to's period). */
export function alignedRange(
  from: Date,
  to: Date,
  group: ReportGroup,
): { start: Date; end: Date; periods: number } {
  const start = periodStart(from.getTime(), group);
  const end = nextPeriod(periodStart(to.getTime(), group), group);
  const length = group === 'hour' ? HOUR_MS : group === 'day' ? DAY_MS : 7 * DAY_MS;
  return {
    start: new Date(start),
    end: new Date(end),
    periods: Math.round((end - start) / length),
  };
}

export const REPORT_TEXTS = {
  unknownKey: (keys: readonly string[]) =>
    `Unknown filter ${keys.join(', ')}: the filters are report, from, to, group, service_id and operator_id`,
  reportKind: 'report must be productivity, services, tags or sla',
  group: 'group must be hour, day or week',
  order: 'to must not be before from',
  tooLong: `The range is longer than ${REPORT_LIMITS.maxRangeDays} days: choose a shorter range`,
  tooManyPeriods: (periods: number, group: ReportGroup) =>
    `By ${group} this range has ${periods.toLocaleString('en-US')} periods, more than ${REPORT_LIMITS.maxPeriods}: choose ${group === 'hour' ? 'day or week grouping' : 'week grouping'} or a shorter range`,
  tooManyRows: `The report has more than ${REPORT_LIMITS.maxRows.toLocaleString('en-US')} rows: choose a coarser grouping, a shorter range, or a service or operator filter`,
  operatorOnlyProductivity: 'operator_id applies to the productivity report only',
  savedNotFound: (id: number) => `There is no saved report with id ${id} that you can see.`,
  savedNotOwner: 'Only the owner of a saved report can change or delete it.',
  savedDuplicate:
    'You already have a saved report with this name (names are unique regardless of case).',
} as const;

function rangeProblems(
  query: { from: Date; to: Date; group: ReportGroup },
  context: z.RefinementCtx,
): void {
  if (query.to.getTime() < query.from.getTime()) {
    context.addIssue({ code: 'custom', message: REPORT_TEXTS.order, path: ['to'] });
    return;
  }
  if (query.to.getTime() - query.from.getTime() > REPORT_LIMITS.maxRangeDays * DAY_MS) {
    context.addIssue({ code: 'custom', message: REPORT_TEXTS.tooLong, path: ['to'] });
    return;
  }
  const { periods } = alignedRange(query.from, query.to, query.group);
  if (periods > REPORT_LIMITS.maxPeriods) {
    context.addIssue({
      code: 'custom',
      message: REPORT_TEXTS.tooManyPeriods(periods, query.group),
      path: ['group'],
    });
  }
}

const strictKeys = (allowed: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown filter ${(issue.keys ?? []).join(', ')}: the filters are ${allowed}`
    : undefined;

const rangeShape = {
  from: isoDateSchema('from'),
  to: isoDateSchema('to'),
  group: z.enum(REPORT_GROUPS, { error: REPORT_TEXTS.group }).default('day'),
  service_id: idSchema('service_id').optional(),
};

export const ReportQuerySchema = z
  .strictObject(
    {
      report: z.enum(REPORT_KINDS, { error: REPORT_TEXTS.reportKind }),
      ...rangeShape,
      operator_id: idSchema('operator_id').optional(),
    },
    { error: strictKeys('report, from, to, group, service_id and operator_id') },
  )
  .superRefine((query, context) => {
    rangeProblems(query, context);
    if (query.operator_id !== undefined && query.report !== 'productivity') {
      context.addIssue({
        code: 'custom',
        message: REPORT_TEXTS.operatorOnlyProductivity,
        path: ['operator_id'],
      });
    }
  });
export type ReportQuery = z.output<typeof ReportQuerySchema>;
export type ReportQueryInput = z.input<typeof ReportQuerySchema>;

export const ChartQuerySchema = z
  .strictObject(rangeShape, { error: strictKeys('from, to, group and service_id') })
  .superRefine(rangeProblems);
export type ChartQuery = z.output<typeof ChartQuerySchema>;

/** A duration in seconds; null when no item had one. */
const seconds = z.number().nullable();
/** A share from 0 to 1; null when there was nothing to share. */
const share = z.number().nullable();

export const ProductivityRowSchema = z.object({
  period_start: z.string(),
  operator_id: z.number().int(),
  operator: z.string(),
  decided: z.number().int(),
  active_hours: z.number().int(),
  items_per_hour: z.number(),
  /** Decisions whose load time is known, which the handling percentiles describe. */
  handled: z.number().int(),
  handling_p50: seconds,
  handling_p90: seconds,
  untagged: z.number().int(),
  untagged_share: share,
  /**
   * Seconds of wellbeing break (parked by take-break) of breaks starting in the period, an open
   * break counted up to now: wellness park time, apart from other parks.
   */
  wellness_break_seconds: z.number().int(),
});
export type ProductivityRow = z.infer<typeof ProductivityRowSchema>;

export const ServiceVolumeRowSchema = z.object({
  period_start: z.string(),
  service_id: z.number().int(),
  service: z.string(),
  arrivals: z.number().int(),
  decided: z.number().int(),
  by_operators: z.number().int(),
  by_ai: z.number().int(),
  tagged: z.number().int(),
  untagged: z.number().int(),
  untagged_share: share,
});
export type ServiceVolumeRow = z.infer<typeof ServiceVolumeRowSchema>;

export const TagRowSchema = z.object({
  period_start: z.string(),
  tag: z.string(),
  decided: z.number().int(),
  /** Of every decision of the period (and service, when filtered). */
  share: share,
});
export type TagRow = z.infer<typeof TagRowSchema>;

export const SlaRowSchema = z.object({
  period_start: z.string(),
  service_id: z.number().int(),
  service: z.string(),
  sla_minutes: z.number().int(),
  decided: z.number().int(),
  wait_p50: seconds,
  wait_p90: seconds,
  wait_p99: seconds,
  over_sla: z.number().int(),
  over_sla_share: share,
});
export type SlaRow = z.infer<typeof SlaRowSchema>;

const reportMeta = {
  group: z.enum(REPORT_GROUPS),
  /** The range read, widened to whole periods (ISO 8601; `end` excluded). */
  start: z.string(),
  end: z.string(),
};

export const ReportSchema = z.discriminatedUnion('report', [
  z.object({
    report: z.literal('productivity'),
    ...reportMeta,
    rows: z.array(ProductivityRowSchema),
  }),
  z.object({ report: z.literal('services'), ...reportMeta, rows: z.array(ServiceVolumeRowSchema) }),
  z.object({ report: z.literal('tags'), ...reportMeta, rows: z.array(TagRowSchema) }),
  z.object({ report: z.literal('sla'), ...reportMeta, rows: z.array(SlaRowSchema) }),
]);
export type Report = z.infer<typeof ReportSchema>;
export type ReportRows<K extends ReportKind> = Extract<Report, { report: K }>['rows'];

export const ChartPointSchema = z.object({
  period_start: z.string(),
  arrivals: z.number().int(),
  decided: z.number().int(),
  /** Items waiting at the end of the period: every arrival before it less every decision. */
  queue_depth: z.number().int(),
  wait_p50: seconds,
  wait_p90: seconds,
  over_sla_share: share,
});
export type ChartPoint = z.infer<typeof ChartPointSchema>;

export const ChartSeriesSchema = z.object({ ...reportMeta, points: z.array(ChartPointSchema) });
export type ChartSeries = z.infer<typeof ChartSeriesSchema>;

/** What the filters offer: every service (with its SLA) and every user who can decide items. */
export const ReportOptionsSchema = z.object({
  services: z.array(
    z.object({ id: z.number().int(), name: z.string(), sla_minutes: z.number().int() }),
  ),
  operators: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export type ReportOptions = z.infer<typeof ReportOptionsSchema>;

// Saved reports: a name and the filters of /reports, owned by one user, visible to everyone
// with section_report when shared; only the owner changes or deletes one.
export const SAVED_REPORT_NAME_MAX = 80;

/** The filters a saved report keeps: the page's URL search, without the range checks. */
export const SavedReportFiltersSchema = z.strictObject(
  {
    report: z.enum(REPORT_KINDS, { error: REPORT_TEXTS.reportKind }),
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date' }).optional(),
    group: z.enum(REPORT_GROUPS, { error: REPORT_TEXTS.group }).optional(),
    service_id: z.number().int().positive().max(2_147_483_647).optional(),
    operator_id: z.number().int().positive().max(2_147_483_647).optional(),
  },
  { error: strictKeys('report, from, to, group, service_id and operator_id') },
);
export type SavedReportFilters = z.infer<typeof SavedReportFiltersSchema>;

export const SavedReportBodySchema = z.object({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(SAVED_REPORT_NAME_MAX, `A name has at most ${SAVED_REPORT_NAME_MAX} characters`)
    .pipe(textSchema(SAVED_REPORT_NAME_MAX, 'The name')),
  shared: z.boolean({ error: 'shared must be true or false' }).default(false),
  filters: SavedReportFiltersSchema,
});
export type SavedReportBody = z.input<typeof SavedReportBodySchema>;

export const SavedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  filters: SavedReportFiltersSchema,
  owner_id: z.number().int(),
  owner: z.string(),
  /** The caller owns it (and so may change or delete it). */
  mine: z.boolean(),
  updated_at: z.string(),
});
export type SavedReport = z.infer<typeof SavedReportSchema>;

const SavedIdParamsSchema = z.object({ id: idSchema('id') });

export const reportEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/api/reports',
    access: needs('section_report'),
    summary: 'One report (productivity, services, tags or sla) over a UTC range, by period',
    query: ReportQuerySchema,
    response: okData(ReportSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/reports/export',
    access: needs('section_report'),
    summary: "A report's table as a CSV file",
    query: ReportQuerySchema,
    response: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    produces: 'csv',
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/reports/options',
    access: needs('section_report', 'section_charts'),
    summary: 'The services and operators the report and chart filters offer',
    response: okData(ReportOptionsSchema),
  }),
  saved: defineEndpoint({
    method: 'GET',
    path: '/api/reports/get-saved-reports',
    access: needs('section_report'),
    summary: "The caller's saved reports and those others shared, by name",
    response: okData(z.array(SavedReportSchema)),
  }),
  createSaved: defineEndpoint({
    method: 'POST',
    path: '/api/reports/saved',
    access: needs('section_report'),
    summary: 'Save the filters of a report under a name',
    body: SavedReportBodySchema,
    response: okData(SavedReportSchema),
  }),
  updateSaved: defineEndpoint({
    method: 'POST',
    path: '/api/reports/saved/:id',
    access: needs('section_report'),
    summary: "Change a saved report's name, sharing or filters (its owner only)",
    params: SavedIdParamsSchema,
    body: SavedReportBodySchema,
    response: okData(SavedReportSchema),
  }),
  deleteSaved: defineEndpoint({
    method: 'POST',
    path: '/api/reports/saved/:id/delete',
    access: needs('section_report'),
    summary: 'Delete a saved report (its owner only)',
    params: SavedIdParamsSchema,
    response: okData(z.object({ id: z.number().int() })),
  }),
};

export const chartEndpoints = {
  series: defineEndpoint({
    method: 'GET',
    path: '/api/charts/series',
    access: needs('section_charts'),
    summary: 'Arrivals, decisions, queue depth and SLA per period over a UTC range',
    query: ChartQuerySchema,
    response: okData(ChartSeriesSchema),
  }),
};
