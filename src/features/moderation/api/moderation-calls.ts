/**
 * Every call of the moderation flow goes through this module. Reads (content update, moderated
 * count) go straight to the server; the three writes (results, media-log events, moderated time)
 * go through the IndexedDB outbox, which sends them with an idempotency key and retries until the
 * server answers, so nothing the operator did is lost to a dropped network.
 */
import {
  moderationEndpoints,
  statisticsEndpoints,
  type AssignedContent,
  type ContentItem,
  type MediaLogRequest,
  type ModeratedResult,
} from '../../../contract/content';
import { api } from '../../../lib/api-client';
import { utcDay } from '../../../lib/dates';
import { outbox } from '../../outbox/outbox-instance';

/** The full items for assigned refs (only those leased to us). */
export async function fetchAssignedContent(refs: AssignedContent[]): Promise<ContentItem[]> {
  const response = await api.call(moderationEndpoints.contentUpdate, { body: refs });
  return response.data;
}

/**
 * Queues moderated results in the outbox (submitted to the server on replay). Resolves
 * once they are stored on this device, so the cards can leave at once, online or not.
 */
export async function submitResults(results: ModeratedResult[]): Promise<void> {
  await outbox.enqueueAll('result', results);
}

/** Queues a media-log event: play, pause, seek, end, closeMedia. */
export async function logMediaEvent(event: Omit<MediaLogRequest, 'idempotency_key'>) {
  await outbox.enqueue('media-log', event);
}

/** Queues a moderated-time update (update-user-moderated-time), once media loaded. */
export async function recordModeratedTime(userId: number, contentId: number) {
  await outbox.enqueue('moderated-time', { user_id: userId, content_id: contentId });
}

/**
 * SPEC §7: the day runs from 00:00:00 to 23:59:59, in UTC as every date of the console (SPEC §9)
 * and as the server counts the live user-moderated updates.
 */
export function todayRange(now: Date = new Date()): { start_date: string; end_date: string } {
  const day = utcDay(now);
  return { start_date: `${day} 00:00:00`, end_date: `${day} 23:59:59` };
}

/** How many items the user moderated today. */
export async function fetchModeratedCount(userId: number): Promise<number> {
  const response = await api.call(statisticsEndpoints.moderatedCount, {
    params: { id: userId },
    query: todayRange(),
  });
  return response.data.moderated;
}
