import type { MediaLogRequest } from '../../../src/contract/content';
import type { Queryable } from '../../db/database';

/** Media events and moderated-time records; a repeated idempotency key is stored once. */
export async function recordMediaLog(
  db: Queryable,
  userId: number,
  log: MediaLogRequest,
): Promise<void> {
  await db.query(
    `insert into media_logs (user_id, content_id, action, on_enlarged, media_time, duration,
                             idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (idempotency_key) do nothing`,
    [
      userId,
      log.content.content_id,
      log.action,
      log.onEnlargedContent,
      log.content.currentTime,
      log.content.duration,
      log.idempotency_key ?? null,
    ],
  );
}

export async function recordContentLoaded(
  db: Queryable,
  userId: number,
  contentId: number,
  idempotencyKey: string | undefined,
): Promise<void> {
  await db.query(
    `insert into content_durations (user_id, content_id, idempotency_key) values ($1, $2, $3)
     on conflict (idempotency_key) do nothing`,
    [userId, contentId, idempotencyKey ?? null],
  );
}
