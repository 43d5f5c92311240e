import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_META_NAME } from '../../../contract/api';
import { authEndpoints, type CurrentUser } from '../../../contract/auth';
import { ApiError, api } from '../../../lib/api-client';

const MAINTENANCE_RELOAD_GUARD = 'maintenance-reload-at';

/**
 * A 503 means maintenance: reload so the server's maintenance page shows (SPEC §7). The guard
 * stops a reload loop when only the API, not the page, answers 503.
 */
function reloadIntoMaintenancePage(): void {
  const last = Number(sessionStorage.getItem(MAINTENANCE_RELOAD_GUARD) ?? 0);
  if (Date.now() - last < 30_000) return;
  sessionStorage.setItem(MAINTENANCE_RELOAD_GUARD, String(Date.now()));
  window.location.reload();
}

/**
 * Whether the server sent this page to a browser without a valid session. Read once: the tag
 * goes with its first reading, so every later look (after a sign-in) asks the server.
 */
function pageServedSignedOut(): boolean {
  const tag = document.querySelector<HTMLMetaElement>(`meta[name="${SESSION_META_NAME}"]`);
  if (!tag) return false;
  tag.remove();
  return tag.content === 'none';
}

/** The signed-in user, or null when nobody is signed in. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (pageServedSignedOut()) return null;
  try {
    return (await api.call(authEndpoints.currentUser, {})).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthenticated') return null;
    // A 503 is maintenance; no answer at all (offline) is not, and keeps the cached user.
    if (error instanceof ApiError && error.code === 'unavailable' && !error.isNetworkError) {
      reloadIntoMaintenancePage();
    }
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'current-user'],
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
});

/** For components below the authenticated layout, where a user is guaranteed. */
export function useCurrentUser(): CurrentUser {
  const { data } = useQuery(currentUserQuery);
  if (!data) throw new Error('useCurrentUser used outside the authenticated layout');
  return data;
}
