import type { IngestItemSchema } from '../../../src/contract/content';
import type { Queryable } from '../../db/database';
import type { z } from 'zod';
import type { AiSuggestion } from '../ai/ai-provider';
import { journalArrivals } from '../reports/rollup-journal';
import { channelColumns } from '../channels/channel-columns';

export type ParsedIngestItem = z.output<typeof IngestItemSchema>;

export interface NewContent {
  item: ParsedIngestItem;
  subscriberId: number;
  /** undefined: the answer is awaited (ai_state pending); null: no answer; else the answer. */
  ai: AiSuggestion | null | undefined;
  aiProvider: string;
}

/**
 * Inserts a batch of items in one statement and answers their ids in input order; their
 * arrivals go to the rollup journal in the same transaction (run it in one).
 */
export async function insertContents(
  db: Queryable,
  serviceId: number,
  contents: readonly NewContent[],
): Promise<number[]> {
  if (contents.length === 0) return [];
  const column = <T>(pick: (content: NewContent) => T) => contents.map(pick);
  const rows = await db.query<{ id: number; ord: number }>(
    `insert into contents (service_id, subscriber_id, user_id, username, notes, message_type,
                           content, file_url, content_additional_details, ai_state,
                           ai_moderated_status, ai_response_time, ai_other_details, ai_answered_at,
                           channel, conversation_key, channel_context)
     select $1, t.subscriber_id, t.user_id, t.username, t.notes, t.message_type, t.content,
            t.file_url, t.details, t.ai_state, t.ai_status, t.ai_time, t.ai_details,
            case when t.ai_state = 'done' then now() end,
            t.channel, t.conversation_key, t.channel_context
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::jsonb[], $10::text[], $11::jsonb[], $12::float8[],
                   $13::jsonb[], $14::text[], $15::text[], $16::jsonb[])
              with ordinality
              as t(subscriber_id, user_id, username, notes, message_type, content, file_url,
                   details, ai_state, ai_status, ai_time, ai_details, channel, conversation_key,
                   channel_context, ord)
      order by t.ord
     returning id`,
    [
      serviceId,
      column((c) => c.subscriberId),
      column((c) => c.item.user_id),
      column((c) => c.item.username),
      column((c) => c.item.notes ?? null),
      column((c) => c.item.message_type),
      column((c) => c.item.content),
      column((c) => c.item.file_url ?? null),
      column((c) =>
        c.item.content_additional_details
          ? JSON.stringify(c.item.content_additional_details)
          : null,
      ),
      column((c) => (c.ai === undefined ? 'pending' : c.ai === null ? 'none' : 'done')),
      column((c) => (c.ai ? JSON.stringify(c.ai.tags) : null)),
      column((c) => (c.ai ? c.ai.responseTimeSeconds : null)),
      column((c) =>
        c.ai ? JSON.stringify({ reasoning: c.ai.reasoning, provider: c.aiProvider }) : null,
      ),
      ...channelColumns(contents.map((c) => c.item)),
    ],
  );
  // A bigserial is handed out in insertion order, which follows `order by t.ord`.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  await journalArrivals(db, ids);
  return ids;
}

export async function recordFailedContentRequest(
  db: Queryable,
  row: { serviceCode: string; type: string; request: string; response: string },
): Promise<void> {
  await db.query(
    `insert into failed_content_requests (service_code, type, request, response)
     values ($1, $2, $3, $4)`,
    [row.serviceCode, row.type, row.request, row.response],
  );
}

export async function countPendingContents(db: Queryable): Promise<number> {
  const rows = await db.query<{ count: number }>(
    "select count(*)::int as count from contents where status = 'pending'",
  );
  return rows[0]?.count ?? 0;
}
