import { moderationEndpoints } from '../../../contract/content';
import { api } from '../../../lib/api-client';
import type { OutboxTransport } from '../outbox';

/**
 * The outbox over HTTP, through the one API client (CSRF token, X-Requested-With, ApiError).
 * For media logs and moderated time a 2xx answer is the acknowledgement.
 */
export const httpOutboxTransport: OutboxTransport = {
  async submitResults(results) {
    const answer = await api.call(moderationEndpoints.submitContents, { body: results });
    return answer.data;
  },
  async logMedia(payload) {
    await api.call(moderationEndpoints.mediaLog, { body: payload });
  },
  async updateModeratedTime(payload) {
    await api.call(moderationEndpoints.moderatedTime, { body: payload });
  },
};
