import {
  CHAT_CONTEXT_LIMIT,
  THREAD_CONTEXT_LIMIT,
  type Channel,
  type ChannelContext,
  type ContentContext,
} from '../../../src/contract/channels';
import type { Queryable } from '../../db/database';

interface ContextItemRow {
  id: number;
  service_id: number;
  subscriber_id: number;
  channel: Channel | null;
  conversation_key: string | null;
  channel_context: ChannelContext | null;
  bound_time: Date;
}

interface MessageRow {
  id: number;
  message_type: string;
  content: string;
  bound_time: Date;
}

/**
 * An item's channel context (GET /api/content/:id/context), if the caller may see the item: one
 * they hold now, or any item with `mayReadAny` (section_message_history). Undefined otherwise,
 * answered as a 404 so an id says nothing of items the caller may not see.
 * - chat: the same subscriber's latest messages of the conversation up to this one (contents_
 *   conversation_idx), oldest first;
 * - inbox: the thread's latest messages up to this one, whoever sent them;
 * - every channel: the context as the service sent it (counts, media, transcript, addresses).
 */
export async function channelContext(
  db: Queryable,
  options: { contentId: number; userId: number; mayReadAny: boolean },
): Promise<ContentContext | undefined> {
  const [item] = await db.query<ContextItemRow>(
    `select id, service_id, subscriber_id, channel, conversation_key, channel_context, bound_time
       from contents
      where id = $1 and ($3 or (status = 'assigned' and assigned_to = $2))`,
    [options.contentId, options.userId, options.mayReadAny],
  );
  if (!item) return undefined;
  let messages: MessageRow[] = [];
  if ((item.channel === 'chat' || item.channel === 'inbox') && item.conversation_key !== null) {
    const chat = item.channel === 'chat';
    messages = await db.query<MessageRow>(
      `select id, message_type, content, bound_time from (
         select id, message_type, content, bound_time from contents
          where service_id = $1 and channel = $2 and conversation_key = $3
            and (not $4 or subscriber_id = $5)
            and (bound_time, id) <= ($6::timestamptz, $7::bigint)
          order by bound_time desc, id desc
          limit $8
       ) latest order by bound_time, id`,
      [
        item.service_id,
        item.channel,
        item.conversation_key,
        chat,
        item.subscriber_id,
        item.bound_time,
        item.id,
        chat ? CHAT_CONTEXT_LIMIT : THREAD_CONTEXT_LIMIT,
      ],
    );
  }
  return {
    id: Number(item.id),
    channel: item.channel,
    context: item.channel_context ?? {},
    messages: messages.map((message) => ({
      id: Number(message.id),
      message_type: message.message_type,
      content: message.content,
      bound_time: new Date(message.bound_time).toISOString(),
      current: Number(message.id) === Number(item.id),
    })),
  };
}
