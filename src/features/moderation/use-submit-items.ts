import { useCallback } from 'react';
import { errorMessage } from '../../lib/api-client';
import { submitResults } from './api/moderation-calls';
import { logFailure } from './log-failure';
import { buildResult } from './moderation-rules';
import { useModerationSession } from './moderation-session';

export const SUBMIT_TEXTS = {
  notSaved: (reason: string) =>
    `Could not keep the submission on this device: ${reason} Submit again.`,
} as const;

/**
 * Submits items: they leave the screen at once and their results go into the outbox, which sends
 * them now or when the network is back. The server's refusals arrive later through the outbox's
 * needs-attention list. Only when the device cannot store the results (IndexedDB unavailable or
 * full) do the items come back to the screen with the reason, so nothing is lost silently.
 */
export function useSubmitItems(): (ids: readonly number[]) => Promise<void> {
  const { store, user } = useModerationSession();
  return useCallback(
    async (ids: readonly number[]) => {
      const epoch = store.epoch;
      const items = store.take(ids);
      if (items.length === 0) return;
      const now = new Date();
      const results = items.map((item) => buildResult(item, user, items.length, now));
      try {
        await submitResults(results);
      } catch (error) {
        logFailure('storing the submission failed', error);
        store.restore(items, SUBMIT_TEXTS.notSaved(errorMessage(error)), epoch);
      } finally {
        store.settle(ids);
      }
    },
    [store, user],
  );
}
