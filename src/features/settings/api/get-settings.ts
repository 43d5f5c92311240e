import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { settingsEndpoints, type SettingRow } from '../../../contract/settings';
import { NAMESPACES } from '../../../contract/socket-events';
import { api } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket-manager';

export const settingsKeys = { all: ['settings'] as const, list: ['settings', 'list'] as const };

export const settingsQuery = queryOptions({
  queryKey: settingsKeys.list,
  queryFn: async (): Promise<SettingRow[]> => (await api.call(settingsEndpoints.list, {})).data,
});

/**
 * The settings, read again whenever /settings says a save happened anywhere (this console,
 * another one, another server process, the maintenance command): the open page shows the new
 * values without a reload. The push carries only the keys; the values come from the list call.
 */
export function useSettings() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket(NAMESPACES.settings);
    const onChanged = () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    };
    socket.on('settings-changed', onChanged);
    // A save missed while the socket was away: read them again on reconnect.
    socket.on('connect', onChanged);
    return () => {
      socket.off('settings-changed', onChanged);
      socket.off('connect', onChanged);
    };
  }, [queryClient]);
  return useQuery(settingsQuery);
}
