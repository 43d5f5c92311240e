/**
 * Every HTTP call of the moderation flow goes through this module: content update, result
 * submission, media-log events and moderated-time updates. Issue 4 swaps the three write calls
 * (submitResults, logMediaEvent, recordModeratedTime) for an IndexedDB outbox without touching
 * the screens, so keep their signatures stable and every caller here.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { OkSchema } from '../../../contract/api';
import {
  ContentUpdateResponseSchema,
  ModeratedCountResponseSchema,
  SubmitContentsResponseSchema,
  type AssignedContent,
  type ContentItem,
  type MediaLogRequest,
  type ModeratedResult,
  type SubmitItemResult,
} from '../../../contract/content';
import { api } from '../../../lib/api-client';

/** POST /api/content/update: the full items for assigned refs (only those leased to us). */
export async function fetchAssignedContent(refs: AssignedContent[]): Promise<ContentItem[]> {
  const response = await api.post('/api/content/update', refs, ContentUpdateResponseSchema);
  return response.data;
}

/** POST /api/v2/content/submit-contents: one answer per result. Throws when not ok. */
export async function submitResults(results: ModeratedResult[]): Promise<SubmitItemResult[]> {
  const response = await api.post(
    '/api/v2/content/submit-contents',
    results,
    SubmitContentsResponseSchema,
  );
  return response.data;
}

/** POST /api/content/log-content: play, pause, seek, end and closeMedia of a video. */
export async function logMediaEvent(event: Omit<MediaLogRequest, 'idempotency_key'>) {
  await api.post(
    '/api/content/log-content',
    { ...event, idempotency_key: crypto.randomUUID() },
    OkSchema,
  );
}

/** POST /api/v2/content-duration/update-user-moderated-time, once an item's media loaded. */
export async function recordModeratedTime(userId: number, contentId: number) {
  await api.post(
    '/api/v2/content-duration/update-user-moderated-time',
    { user_id: userId, content_id: contentId, idempotency_key: crypto.randomUUID() },
    OkSchema,
  );
}

/** SPEC §7: the day runs from 00:00:00 to 23:59:59 (local day of the operator). */
export function todayRange(now: Date = new Date()): { start_date: string; end_date: string } {
  const day = formatInTimeZone(now, Intl.DateTimeFormat().resolvedOptions().timeZone, 'yyyy-MM-dd');
  return { start_date: `${day} 00:00:00`, end_date: `${day} 23:59:59` };
}

/** GET /api/statistics/moderated/{id}: how many items the user moderated today. */
export async function fetchModeratedCount(userId: number): Promise<number> {
  const response = await api.get(
    `/api/statistics/moderated/${userId}`,
    ModeratedCountResponseSchema,
    {
      query: todayRange(),
    },
  );
  return response.data.moderated;
}
