import { useCallback } from 'react';
import { ACKNOWLEDGED_OUTCOMES } from '../../contract/content';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notices';
import { submitResults } from './api/moderation-calls';
import { logFailure } from './log-failure';
import { buildResult, rejectionText } from './moderation-rules';
import { useModerationSession } from './moderation-session';

export const SUBMIT_TEXTS = {
  notSent: (reason: string) => `Not sent: ${reason} Submit again when ready.`,
  noAnswer: (id: number) => `Item #${id} got no answer from the server; it may not be saved.`,
} as const;

/**
 * Submits items: they leave the screen at once and go out as one submission. Per-item answers
 * 'stored' and 'duplicate' mean done; any other answer will never succeed and is told to the
 * operator as a notice. A failed call (no answer, not ok) is logged and the items come back to
 * the screen with the reason, so nothing is lost silently. Issue 4 replaces the call with the
 * outbox.
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
        const answers = await submitResults(results);
        const byId = new Map(answers.map((answer) => [answer.content_id, answer]));
        for (const item of items) {
          const answer = byId.get(item.id);
          if (!answer) notify.error(SUBMIT_TEXTS.noAnswer(item.id));
          else if (!ACKNOWLEDGED_OUTCOMES.includes(answer.status)) {
            notify.error(rejectionText(item.id, answer.status, answer.message));
          }
        }
      } catch (error) {
        logFailure('submit failed', error);
        store.restore(items, SUBMIT_TEXTS.notSent(errorMessage(error)), epoch);
      } finally {
        store.settle(ids);
      }
    },
    [store, user],
  );
}
