import type { ContentDecision } from '../../../src/contract/content';
import type { Queryable } from '../../db/database';

const UTC_ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface DecisionRow {
  id: number;
  status: Exclude<ContentDecision['status'], 'discarded'>;
  decision_source: string | null;
  moderated_status: ContentDecision['moderated_status'];
  decided_at: string | null;
  bound_time: string;
  webhook_id: string | null;
  delivery_status: NonNullable<ContentDecision['webhook']>['status'] | null;
  attempts: number | null;
  body: string | null;
}

/**
 * One item of one service with its delivery row, if any. An item of another service reads as
 * missing, so a service cannot even learn that another one's id exists.
 */
export async function findContentDecision(
  db: Queryable,
  serviceId: number,
  contentId: number,
): Promise<ContentDecision | undefined> {
  const rows = await db.query<DecisionRow>(
    `select c.id, c.status, c.decision_source,
            case when c.status = 'decided' then c.moderated_status end as moderated_status,
            to_char(c.decided_at at time zone 'UTC', ${UTC_ISO}) as decided_at,
            to_char(c.bound_time at time zone 'UTC', ${UTC_ISO}) as bound_time,
            d.webhook_id, d.status as delivery_status, d.attempts, d.body
       from contents c
       left join deliveries d on d.content_id = c.id and d.superseded_at is null
      where c.id = $1 and c.service_id = $2`,
    [contentId, serviceId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    status:
      row.status === 'decided' && row.decision_source === 'discard' ? 'discarded' : row.status,
    moderated_status: row.moderated_status,
    decided_at: row.status === 'decided' ? row.decided_at : null,
    bound_time: row.bound_time,
    webhook:
      row.webhook_id && row.delivery_status && row.body !== null
        ? {
            webhook_id: row.webhook_id,
            status: row.delivery_status,
            attempts: row.attempts ?? 0,
            // The stored text is what was signed and sent; parsed here to answer it as JSON.
            body: JSON.parse(row.body) as NonNullable<ContentDecision['webhook']>['body'],
          }
        : null,
  };
}
