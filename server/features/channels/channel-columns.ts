import type { ChannelContext, ChannelFields } from '../../../src/contract/channels';

/**
 * The channel columns of ingested items (migration 080), as the three arrays the ingest insert
 * unnests: channel, conversation_key (a chat's conversation or an inbox thread, which the
 * context call looks up) and channel_context (the rest, as shown by the channel's view).
 */
export function channelColumns(
  items: readonly ChannelFields[],
): [(string | null)[], (string | null)[], (string | null)[]] {
  const channels = items.map((item) => item.channel ?? null);
  const keys = items.map((item) => item.conversation_id ?? item.inbox?.thread_id ?? null);
  const contexts = items.map((item) => {
    const context: ChannelContext = {};
    if (item.conversation_id) context.conversation_id = item.conversation_id;
    if (item.inbox) context.inbox = item.inbox;
    if (item.social) context.social = item.social;
    if (item.transcript) context.transcript = item.transcript;
    return Object.keys(context).length > 0 ? JSON.stringify(context) : null;
  });
  return [channels, keys, contexts];
}
