import { queryOptions } from '@tanstack/react-query';
import { TRIAL_STATS_REFRESH_MS, trialEndpoints } from '../../../contract/trials';
import { api } from '../../../lib/api-client';

/** The public trial pages' reads, by brand address. */
export const trialKeys = {
  brand: (slug: string) => ['trial', slug, 'brand'] as const,
  compact: (slug: string) => ['trial', slug, 'compact'] as const,
  stats: (slug: string) => ['trial', slug, 'stats'] as const,
};

export function trialBrandQuery(slug: string) {
  return queryOptions({
    queryKey: trialKeys.brand(slug),
    queryFn: async ({ signal }) =>
      (await api.call(trialEndpoints.brand, { params: { brand: slug } }, { signal })).data,
  });
}

export function trialCompactQuery(slug: string) {
  return queryOptions({
    queryKey: trialKeys.compact(slug),
    queryFn: async ({ signal }) =>
      (await api.call(trialEndpoints.compact, { params: { brand: slug } }, { signal })).data,
  });
}

/** The live counter, asked again every few seconds while its page is open. */
export function trialStatsQuery(slug: string) {
  return queryOptions({
    queryKey: trialKeys.stats(slug),
    staleTime: 0,
    refetchInterval: TRIAL_STATS_REFRESH_MS,
    queryFn: async ({ signal }) =>
      (await api.call(trialEndpoints.stats, { params: { brand: slug } }, { signal })).data,
  });
}
