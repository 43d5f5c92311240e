import type { Queryable } from '../db/database';
import type { QueueDepthRow } from './metrics';

/**
 * Pending and assigned items per service, for the queue-depth gauge: one grouped count over the
 * partial indexes of pending (by service) and assigned items, the largest `limit` groups joined
 * to their service codes. Decided items, the bulk of the table, are never read.
 */
export async function readQueueDepth(db: Queryable, limit: number): Promise<QueueDepthRow[]> {
  const rows = await db.query<{ service: string; state: QueueDepthRow['state']; items: unknown }>(
    `select s.code as service, q.status as state, q.items
       from (select service_id, status, count(*) as items
               from contents
              where status in ('pending', 'assigned')
              group by service_id, status
              order by items desc
              limit $1) q
       join services s on s.id = q.service_id`,
    [limit],
  );
  return rows.map((row) => ({ service: row.service, state: row.state, items: Number(row.items) }));
}
