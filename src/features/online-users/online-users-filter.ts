import { ONLINE_STATUSES, type OnlineStatus, type OnlineUser } from '../../contract/online-users';

/**
 * The live list is small (who is signed in now) and arrives whole, so the screen filters it on
 * the device: by status, and by a search over username and full name, case-insensitively.
 */
export function filterOnlineUsers(
  users: readonly OnlineUser[],
  filter: { status: OnlineStatus | ''; search: string },
): OnlineUser[] {
  const needle = filter.search.trim().toLowerCase();
  return users.filter((user) => {
    if (filter.status && user.status !== filter.status) return false;
    if (!needle) return true;
    const names = [user.username, `${user.first_name} ${user.last_name}`, user.role];
    return names.some((name) => name.toLowerCase().includes(needle));
  });
}

/** How many users are in each status, for the status filter's counts. */
export function countByStatus(users: readonly OnlineUser[]): Record<OnlineStatus, number> {
  const counts = Object.fromEntries(ONLINE_STATUSES.map((status) => [status, 0])) as Record<
    OnlineStatus,
    number
  >;
  for (const user of users) counts[user.status] += 1;
  return counts;
}

/** Whole minutes from `since` to `now`; 0 for a missing or future time. */
export function minutesSince(since: string | null, now: number): number {
  if (!since) return 0;
  const start = Date.parse(since);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / 60_000));
}

export function fullName(user: Pick<OnlineUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
