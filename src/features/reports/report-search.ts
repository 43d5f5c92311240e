import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import {
  REPORT_GROUPS,
  REPORT_KINDS,
  type ReportGroup,
  type ReportKind,
  type SavedReportFilters,
} from '../../contract/reports';
import { isoDateTextSchema } from '../../contract/validation';
import { lastDays } from '../../ui/date-range-picker';

/**
 * The filters of /reports and /charts live in the URL (a reload or a shared link shows the same
 * report): report, from, to, group, service_id, operator_id and, on /reports, the saved report
 * they came from. A value the schema refuses is dropped and falls back to its default: the last
 * 7 UTC days, by day, productivity.
 */
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ReportSearchSchema = z.object({
  report: z.enum(REPORT_KINDS).optional().catch(undefined),
  from: isoDateTextSchema('from').optional().catch(undefined),
  to: isoDateTextSchema('to').optional().catch(undefined),
  group: z.enum(REPORT_GROUPS).optional().catch(undefined),
  service_id: id.optional().catch(undefined),
  operator_id: id.optional().catch(undefined),
  saved: id.optional().catch(undefined),
});
export type ReportSearch = z.infer<typeof ReportSearchSchema>;

export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  return ReportSearchSchema.parse(raw);
}

export interface ReportFilters {
  report: ReportKind;
  from: string;
  to: string;
  group: ReportGroup;
  service_id?: number | undefined;
  operator_id?: number | undefined;
}

export function useReportSearch() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const key = JSON.stringify(raw);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, not identity
  const search = useMemo(() => validateReportSearch(raw), [key]);
  const filters = useMemo<ReportFilters>(() => {
    const range = lastDays(7);
    return {
      report: search.report ?? 'productivity',
      from: search.from ?? range.from,
      to: search.to ?? range.to,
      group: search.group ?? 'day',
      service_id: search.service_id,
      // Only the productivity report takes an operator.
      operator_id:
        (search.report ?? 'productivity') === 'productivity' ? search.operator_id : undefined,
    };
  }, [search]);

  const update = useCallback(
    (patch: Partial<ReportSearch>, options: { keepSaved?: boolean } = {}) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous, ...patch };
          if (!options.keepSaved && !('saved' in patch)) delete next.saved;
          for (const [name, value] of Object.entries(next)) {
            if (value === undefined || value === '') delete next[name];
          }
          return next;
        },
        replace: true,
      });
    },
    [navigate],
  );

  /** Loads a saved report's filters (replacing every filter) and remembers which one. */
  const load = useCallback(
    (saved: { id: number; filters: SavedReportFilters } | null) => {
      void navigate({
        to: '.',
        search: () => (saved ? { ...saved.filters, saved: saved.id } : {}),
      });
    },
    [navigate],
  );

  return { search, filters, update, load };
}

/** The filters a saved report keeps: what the URL holds now. */
export function savedFiltersOf(filters: ReportFilters): SavedReportFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as SavedReportFilters;
}
