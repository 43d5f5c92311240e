import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ONLINE_USERS_REFRESH_MS,
  OnlineUsersAnswerSchema,
  type OnlineUser,
} from '../../../contract/online-users';
import { NAMESPACES } from '../../../contract/socket-events';
import { ApiError } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket-manager';

/** How long one question may wait for its answer before the list shows it could not refresh. */
const ANSWER_TIMEOUT_MS = 5_000;

export const onlineUsersKeys = { all: ['online-users'] as const };

/**
 * Asks /fetch-online-users for the live list. A refusal keeps the server's code, so the page
 * can tell a permission taken away (forbidden) from a passing failure.
 */
export async function fetchOnlineUsers(): Promise<OnlineUser[]> {
  const socket = getSocket(NAMESPACES.fetchOnlineUsers);
  let raw: unknown;
  try {
    raw = await socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck('get-current-users');
  } catch {
    throw new ApiError(0, 'The live list did not answer. It is asked for again in a moment.');
  }
  const answer = OnlineUsersAnswerSchema.parse(raw);
  if (!answer.ok) {
    throw new ApiError(answer.code === 'forbidden' ? 403 : 500, answer.message, {}, answer.code);
  }
  return answer.data;
}

/**
 * The live list, asked again every ONLINE_USERS_REFRESH_MS while the screen is open and the tab
 * visible. Never persisted: a list of who was online yesterday must not look like who is now.
 */
export const onlineUsersQuery = queryOptions({
  queryKey: [...onlineUsersKeys.all, 'live'],
  queryFn: fetchOnlineUsers,
  refetchInterval: ONLINE_USERS_REFRESH_MS,
  staleTime: 0,
  retry: false,
  meta: { persist: false },
});

export function useOnlineUsers() {
  return useQuery(onlineUsersQuery);
}
