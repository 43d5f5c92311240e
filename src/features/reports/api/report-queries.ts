import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  chartEndpoints,
  reportEndpoints,
  type ChartQuery,
  type ReportQueryInput,
  type SavedReportBody,
} from '../../../contract/reports';
import { api } from '../../../lib/api-client';

/**
 * The report screens' reads and saved-report changes. Reports keep the previous answer on the
 * screen (dimmed) while the next filter loads; options and saved reports are small and cached.
 */
export const reportKeys = {
  all: ['reports'] as const,
  report: (query: ReportQueryInput) => ['reports', 'report', query] as const,
  options: ['reports', 'options'] as const,
  saved: ['reports', 'saved'] as const,
  chart: (query: ChartQueryInput) => ['reports', 'chart', query] as const,
};

export type ChartQueryInput = { [K in keyof ChartQuery]?: string | number | undefined };

export function useReport(query: ReportQueryInput) {
  return useQuery({
    queryKey: reportKeys.report(query),
    queryFn: async ({ signal }) =>
      (await api.call(reportEndpoints.report, { query }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useChartSeries(query: ChartQueryInput) {
  return useQuery({
    queryKey: reportKeys.chart(query),
    queryFn: async ({ signal }) =>
      (await api.call(chartEndpoints.series, { query: query as never }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export const reportOptionsQuery = queryOptions({
  queryKey: reportKeys.options,
  queryFn: async () => (await api.call(reportEndpoints.options, {})).data,
  staleTime: 60_000,
});

export function useReportOptions() {
  return useQuery(reportOptionsQuery);
}

export function useSavedReports() {
  return useQuery({
    queryKey: reportKeys.saved,
    queryFn: async () => (await api.call(reportEndpoints.saved, {})).data,
  });
}

export function useSaveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number | undefined; body: SavedReportBody }) =>
      (id === undefined
        ? await api.call(reportEndpoints.createSaved, { body })
        : await api.call(reportEndpoints.updateSaved, { params: { id }, body })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.saved }),
  });
}

export function useDeleteSavedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.call(reportEndpoints.deleteSaved, { params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.saved }),
  });
}
