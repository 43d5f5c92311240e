-- Channels: where an item came from on the service's side (chat, inbox, social, calls, voice;
-- null for none), with the context its channel's view shows (src/contract/channels.ts).
alter table contents add column channel text
  check (channel in ('chat', 'inbox', 'social', 'calls', 'voice'));
-- The conversation an item belongs to: a chat's conversation_id or an inbox thread_id; the
-- context call reads a conversation's earlier messages through it.
alter table contents add column conversation_key text;
-- The rest of the channel's context as sent: inbox sender, recipient, subject; social counts and
-- media; a recording's transcript.
alter table contents add column channel_context jsonb;

-- A channel view's claim reads that channel's oldest pending items: the partial index holds only
-- pending items that have a channel, so /moderation's claims (contents_pending_idx) are untouched.
create index contents_pending_channel_idx on contents (channel, bound_time, id)
  where status = 'pending' and channel is not null;
-- "The previous messages of this conversation": one subscriber's items of one conversation,
-- newest first.
create index contents_conversation_idx
  on contents (service_id, channel, conversation_key, bound_time desc, id desc)
  where conversation_key is not null;
