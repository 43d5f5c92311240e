/**
 * Items for the AI review tests (server and browser): an AI answer as ingest or the worker
 * stores it, a decision as an operator's submit stores it (storeSubmissions, which keeps the
 * agreement figures), and an AI step that gave up as the worker leaves it.
 */
import type { Database, Queryable } from '../../server/db/database';
import { insertContents } from '../../server/features/ingest/ingest-repository';
import { storeSubmissions } from '../../server/features/moderation/content-repository';
import { upsertSubscribers } from '../../server/features/services/service-repository';
import type { ModeratedResult } from '../../src/contract/content';
import { moderatedResult } from './protocol';

export type Decision = ModeratedResult['moderated_status'];

export interface AiItem {
  /** The AI's tags; 'pending' while it is still to be asked; null for no answer. */
  ai: string[] | 'pending' | null;
  /** ISO 8601 arrival. */
  arrival: string;
  responseMs?: number;
  content?: string;
  reasoning?: string;
  /** Decided by `operator` with this decision. */
  decision?: Decision;
}

export async function seedAiItem(
  db: Database,
  serviceId: number,
  operator: { id: number; username: string },
  item: AiItem,
): Promise<number> {
  const subscribers = await upsertSubscribers(db, serviceId, ['sub-1']);
  const [id = 0] = await insertContents(db, serviceId, [
    {
      item: {
        subscriber_id: 'sub-1',
        user_id: 'u-1',
        username: 'someone',
        message_type: 'text',
        content: item.content ?? 'some text',
      },
      subscriberId: subscribers.get('sub-1') ?? 0,
      ai:
        item.ai === 'pending'
          ? undefined
          : item.ai === null
            ? null
            : {
                tags: item.ai,
                responseTimeSeconds: (item.responseMs ?? 500) / 1000,
                reasoning: item.reasoning ?? 'reasons',
              },
      aiProvider: 'test-ai',
    },
  ]);
  await db.query('update contents set bound_time = $2 where id = $1', [id, item.arrival]);
  if (item.decision) await decideAs(db, operator, id, item.decision);
  return id;
}

/** An operator's submit of the item, leased to them first, through the submit path. */
export async function decideAs(
  db: Database,
  operator: { id: number; username: string },
  id: number,
  decision: Decision,
): Promise<string | undefined> {
  await db.query(
    `update contents set status = 'assigned', assigned_to = $2, last_assigned_to = $2,
            lease_expires_at = now() + interval '1 minute' where id = $1`,
    [id, operator.id],
  );
  const stored = await db.transaction((tx: Queryable) =>
    storeSubmissions(tx, operator.id, [
      { result: moderatedResult(operator, id, { moderated_status: decision }), key: null },
    ]),
  );
  return stored[0]?.status;
}

/** The AI step of a new item gave up after three attempts with an HTTP 500, as the worker leaves it. */
export async function seedFailedAiItem(
  db: Database,
  serviceId: number,
  operator: { id: number; username: string },
  content: string,
): Promise<number> {
  const id = await seedAiItem(db, serviceId, operator, {
    ai: 'pending',
    arrival: new Date().toISOString(),
    content,
  });
  await db.query(
    `update contents set ai_state = 'failed', ai_attempts = 3, ai_next_attempt_at = null
      where id = $1`,
    [id],
  );
  await db.query(
    `insert into ai_failures (content_id, provider, ai_status, response, attempts)
     values ($1, 'openai:tiny', 'http_500', '{"error": "model crashed"}', 3)`,
    [id],
  );
  return id;
}
