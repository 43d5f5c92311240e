import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_WELLBEING_PREFS,
  wellbeingEndpoints,
  type WellbeingPrefs,
} from '../../../contract/wellbeing';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../auth/api/current-user';

/** The caller's choices, break rules and sensitive count (GET /api/users/me/wellbeing). */
export const wellbeingStatusQuery = queryOptions({
  queryKey: ['wellbeing', 'status'],
  queryFn: async () => (await api.call(wellbeingEndpoints.status, {})).data,
  staleTime: 10_000,
});

export async function saveWellbeingPrefs(prefs: WellbeingPrefs): Promise<WellbeingPrefs> {
  return (await api.call(wellbeingEndpoints.save, { body: prefs })).data;
}

/**
 * The signed-in user's choices as loaded with the session (never a request of its own, so the
 * first frame of a card is already treated); the defaults when signed out.
 */
export function useWellbeingPrefs(): WellbeingPrefs {
  const { data } = useQuery(currentUserQuery);
  return data?.wellbeing ?? DEFAULT_WELLBEING_PREFS;
}
