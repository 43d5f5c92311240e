import type { MediaLogRequest } from '../../../src/contract/content';
import type { Database, Queryable } from '../../db/database';
import { recordAudit } from '../audit/audit-repository';

/**
 * Media events and moderated-time records; a repeated idempotency key is stored once.
 *
 * A media event is also an audit row ('media.event', target the content item), written in the
 * same transaction and only when the event is new, so /user-logs lists each event once with
 * every other action of the operator, under the same filters, pages and export. (Reading
 * media_logs into the audit list instead would mean merging two tables' orders for every page,
 * count and export batch.) media_logs keeps its own columns for the reports.
 */
export async function recordMediaLog(
  db: Database,
  user: { id: number; username: string },
  log: MediaLogRequest,
  ip?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `insert into media_logs (user_id, content_id, action, on_enlarged, media_time, duration,
                               idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (idempotency_key) do nothing
       returning id`,
      [
        user.id,
        log.content.content_id,
        log.action,
        log.onEnlargedContent,
        log.content.currentTime,
        log.content.duration,
        log.idempotency_key ?? null,
      ],
    );
    if (inserted.length === 0) return;
    await recordAudit(tx, {
      actor: { id: user.id, username: user.username },
      action: 'media.event',
      target: { type: 'content', id: log.content.content_id },
      details: {
        event: log.action,
        media_time: log.content.currentTime,
        duration: log.content.duration,
        enlarged: log.onEnlargedContent,
      },
      ip,
    });
  });
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
