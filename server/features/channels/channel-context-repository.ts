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
  channel: Channel | null;
  conversation_key: string | null;
  channel_context: ChannelContext | null;
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
    `select id, channel, conversation_key, channel_context
       from contents
      where id = $1 and ($3 or (status = 'assigned' and assigned_to = $2))`,
    [options.contentId, options.userId, options.mayReadAny],
  );
  if (!item) return undefined;
  let messages: MessageRow[] = [];
  if ((item.channel === 'chat' || item.channel === 'inbox') && item.conversation_key !== null) {
    const chat = item.channel === 'chat';
    // The item's own time is compared in SQL: a JavaScript Date would drop its microseconds.
    messages = await db.query<MessageRow>(
      `select id, message_type, content, bound_time from (
         select c.id, c.message_type, c.content, c.bound_time
           from contents c, contents item
          where item.id = $1
            and c.service_id = item.service_id and c.channel = item.channel
            and c.conversation_key = item.conversation_key
            and (not $2 or c.subscriber_id = item.subscriber_id)
            and (c.bound_time, c.id) <= (item.bound_time, item.id)
          order by c.bound_time desc, c.id desc
          limit $3
       ) latest order by bound_time, id`,
      [item.id, chat, chat ? CHAT_CONTEXT_LIMIT : THREAD_CONTEXT_LIMIT],
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
