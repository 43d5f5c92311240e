import {
  AI_CONTENT_BUCKET_MINUTES,
  AI_CONTENT_TEXTS,
  AI_CONTENT_WINDOW_MINUTES,
  aiContentEndpoints,
} from '../../../src/contract/ai-review';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { recordAudit } from '../audit/audit-repository';
import {
  aiCallFigures,
  aiQueueCounts,
  aiStateOf,
  listAiContent,
  retryFailedAi,
} from './ai-content-repository';
import type { AiModule } from './ai-module';

/**
 * /aicontent: the AI step at work (section_ai_content). Retries are one transaction with their
 * audit row; then the AI is asked at once (ai.askNow), and a retry of one item waits briefly for
 * an answer the built-in provider gives at once, so the screen can show it answered.
 */
const RETRY_ONE_WAIT_MS = 3_000;

export function aiContentRoutes(
  context: ServerContext,
  ai: Pick<AiModule, 'calls' | 'askNow'>,
): void {
  const { http, db } = context;

  registerEndpoint(http, aiContentEndpoints.summary, async () => {
    // This process's latest calls first, so the figures include them.
    await ai.calls.flush();
    const counts = await aiQueueCounts(db);
    const { answers, ...figures } = await aiCallFigures(db, {
      minutes: AI_CONTENT_WINDOW_MINUTES,
      bucketMinutes: AI_CONTENT_BUCKET_MINUTES,
    });
    return {
      ok: true,
      data: {
        ...counts,
        ...figures,
        answered: answers,
        window_minutes: AI_CONTENT_WINDOW_MINUTES,
        answers_per_minute: Math.round((answers / AI_CONTENT_WINDOW_MINUTES) * 100) / 100,
      },
    };
  });

  registerEndpoint(http, aiContentEndpoints.items, async ({ query }) => {
    const { rows, total, capped } = await listAiContent(
      db,
      { state: query.state, serviceId: query.service_id },
      { order: query.order, limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return { ok: true, data: rows, total, ...(capped ? { total_capped: true } : {}) };
  });

  registerEndpoint(http, aiContentEndpoints.retry, async ({ params: { id }, user, request }) => {
    const retried = await db.transaction(async (tx) => {
      const ids = await retryFailedAi(tx, { contentId: id });
      if (ids.length === 0) return false;
      await recordAudit(tx, {
        actor: { id: user.id, username: user.username },
        action: 'ai.retry',
        target: { type: 'content', id },
        ip: request.ip,
      });
      return true;
    });
    if (!retried) {
      const item = await aiStateOf(db, id);
      if (!item) throw new HttpError(404, AI_CONTENT_TEXTS.noSuchItem(id));
      throw new HttpError(409, AI_CONTENT_TEXTS.notRetryable);
    }
    await Promise.race([
      ai.askNow(),
      new Promise((resolve) => setTimeout(resolve, RETRY_ONE_WAIT_MS).unref()),
    ]);
    const after = await aiStateOf(db, id);
    return { ok: true, data: { ai_state: after?.ai_state ?? 'pending' } };
  });

  registerEndpoint(http, aiContentEndpoints.retryFailed, async ({ body, user, request }) => {
    const count = await db.transaction(async (tx) => {
      const ids = await retryFailedAi(tx, { serviceId: body.service_id });
      if (ids.length > 0) {
        await recordAudit(tx, {
          actor: { id: user.id, username: user.username },
          action: 'ai.retry_failed',
          ...(body.service_id === undefined
            ? {}
            : { target: { type: 'service', id: body.service_id } }),
          details: { count: ids.length, content_ids: ids.slice(0, 100) },
          ip: request.ip,
        });
      }
      return ids.length;
    });
    // Not awaited: many items may wait their turn; the screen shows them leave as they do.
    if (count > 0) void ai.askNow();
    return { ok: true, data: { count } };
  });
}
