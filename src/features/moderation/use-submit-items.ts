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
 * Submits items: their results are written to the outbox (a few milliseconds), then the items
 * leave the screen; the outbox sends them now or when the network is back. The server's refusals
 * arrive later through the outbox's needs-attention list. When the device cannot store the
 * results (IndexedDB unavailable or full) the items stay on screen with the reason, so nothing
 * is lost silently.
 */
export function useSubmitItems(): (ids: readonly number[]) => Promise<void> {
  const { store, user } = useModerationSession();
  return useCallback(
    async (ids: readonly number[]) => {
      const items = store.beginSubmit(ids);
      if (items.length === 0) return;
      const now = new Date();
      const results = items.map((item) => buildResult(item, user, items.length, now));
      const taken = items.map((item) => item.id);
      try {
        await submitResults(results);
        store.completeSubmit(taken);
      } catch (error) {
        logFailure('storing the submission failed', error);
        store.failSubmit(taken, SUBMIT_TEXTS.notSaved(errorMessage(error)));
      }
    },
    [store, user],
  );
}
