import { QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import {
  DEFAULT_WELLBEING_PREFS,
  wellbeingEndpoints,
  type WellbeingPrefs,
} from '../../../contract/wellbeing';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
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
  // Reads the cache only (the root route loaded the user); a card drawn outside the app's
  // provider (a component test) reads the console's client, and gets the defaults.
  const client = useContext(QueryClientContext) ?? queryClient;
  const { data } = useQuery({ ...currentUserQuery, enabled: false }, client);
  return data?.wellbeing ?? DEFAULT_WELLBEING_PREFS;
}
