import { SubmitContentsResponseSchema } from '../../../contract/content';
import { api } from '../../../lib/api-client';
import type { OutboxTransport } from '../outbox';

/** The SPEC §7 endpoints behind the outbox. */
export const OUTBOX_ENDPOINTS = {
  submitResults: '/api/v2/content/submit-contents',
  logMedia: '/api/content/log-content',
  updateModeratedTime: '/api/v2/content-duration/update-user-moderated-time',
} as const;

/**
 * The outbox over HTTP, through the one API client (CSRF token, X-Requested-With, ApiError).
 * For media logs and moderated time a 2xx answer is the acknowledgement.
 */
export const httpOutboxTransport: OutboxTransport = {
  async submitResults(results) {
    const answer = await api.post(
      OUTBOX_ENDPOINTS.submitResults,
      results,
      SubmitContentsResponseSchema,
    );
    return answer.data;
  },
  async logMedia(payload) {
    await api.post(OUTBOX_ENDPOINTS.logMedia, payload);
  },
  async updateModeratedTime(payload) {
    await api.post(OUTBOX_ENDPOINTS.updateModeratedTime, payload);
  },
};
