import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type SaveSettingsRequest } from '../../../contract/settings';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './get-settings';

/** Saves some settings; the answer is the whole list as it is now. Errors are the form's. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveSettingsRequest) =>
      (await api.call(settingsEndpoints.save, { body })).data,
    onSuccess: (rows) => queryClient.setQueryData(settingsKeys.list, rows),
  });
}
