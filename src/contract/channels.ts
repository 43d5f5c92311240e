import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import type { SectionPermission } from './permissions';
import { idSchema, textSchema } from './validation';

/**
 * Channels: where an item came from on the service's side (a chat, a mailbox, a social post, a
 * call, a voice message), set by the service at ingest; none by default. Each channel has its
 * moderation view (/chat, /inbox, /social, /calls, /voice): the one moderation engine (leases,
 * hotkeys, submit rules, outbox, webhooks) showing only that channel's items, with the context
 * natural to it. /moderation takes every channel.
 *
 * The context an item carries depends on its channel, and a field of another channel is refused
 * (422 naming it), so what a service sends is never silently dropped:
 * - chat: `conversation_id`, the conversation the message belongs to; the view shows the same
 *   subscriber's previous messages of that conversation.
 * - inbox: `inbox` (sender, recipient, thread_id, subject); the view shows the thread.
 * - social: `social` (likes, shares, comments, media URLs).
 * - calls and voice: `transcript`, shown under the audio player.
 */
export const CHANNELS = ['chat', 'inbox', 'social', 'calls', 'voice'] as const;
export const ChannelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof ChannelSchema>;

export const CHANNEL_PERMISSIONS: Record<Channel, SectionPermission> = {
  chat: 'section_chat',
  inbox: 'section_inbox',
  social: 'section_social',
  calls: 'section_calls',
  voice: 'section_voice',
};

/** The route of each channel's view. */
export const channelPath = (channel: Channel) => `/${channel}`;

export function channelOfPath(pathname: string): Channel | undefined {
  return CHANNELS.find((channel) => channelPath(channel) === pathname);
}

/** The previous messages of a chat conversation the context call answers, at most. */
export const CHAT_CONTEXT_LIMIT = 20;
/** A thread's messages the context call answers, at most. */
export const THREAD_CONTEXT_LIMIT = 20;
export const SOCIAL_MEDIA_MAX = 10;
export const TRANSCRIPT_MAX_LENGTH = 50_000;

const countSchema = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must not be negative`)
    .max(2_147_483_647, `${what} is too large`);

export const InboxContextSchema = z.strictObject({
  sender: textSchema(320, 'sender').trim().min(1, 'is required'),
  recipient: textSchema(320, 'recipient').trim().min(1, 'is required'),
  thread_id: textSchema(200, 'thread_id').trim().min(1, 'is required'),
  subject: textSchema(500, 'subject').trim().default(''),
});
export type InboxContext = z.infer<typeof InboxContextSchema>;

export const SocialContextSchema = z.strictObject({
  likes: countSchema('likes').default(0),
  shares: countSchema('shares').default(0),
  comments: countSchema('comments').default(0),
  media: z
    .array(
      textSchema(2048, 'A media URL').refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      }, 'must be an http(s) URL'),
    )
    .max(SOCIAL_MEDIA_MAX, `at most ${SOCIAL_MEDIA_MAX} media`)
    .default([]),
});
export type SocialContext = z.infer<typeof SocialContextSchema>;

/** The channel fields of an ingested item (merged into IngestItemSchema, checked by `channelFieldIssues`). */
export const ChannelFieldsSchema = z.object({
  channel: ChannelSchema.nullish(),
  conversation_id: textSchema(200, 'conversation_id').trim().min(1, 'is required').nullish(),
  inbox: InboxContextSchema.nullish(),
  social: SocialContextSchema.nullish(),
  transcript: textSchema(TRANSCRIPT_MAX_LENGTH, 'transcript').nullish(),
});
export type ChannelFields = z.infer<typeof ChannelFieldsSchema>;

/** Which channel each context field belongs to. */
const FIELD_CHANNELS = {
  conversation_id: ['chat'],
  inbox: ['inbox'],
  social: ['social'],
  transcript: ['calls', 'voice'],
} as const satisfies Record<string, readonly Channel[]>;

/** A context field sent without its channel: the field and why, for a 422 that names it. */
export function channelFieldIssues(item: ChannelFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const [field, channels] of Object.entries(FIELD_CHANNELS)) {
    const value = item[field as keyof typeof FIELD_CHANNELS];
    if (value === undefined || value === null) continue;
    if (!item.channel || !(channels as readonly string[]).includes(item.channel)) {
      issues.push({
        path: field,
        message: `is only for channel ${channels.join(' or ')}`,
      });
    }
  }
  if (item.channel === 'chat' && !item.conversation_id) {
    issues.push({ path: 'conversation_id', message: 'is required for channel chat' });
  }
  if (item.channel === 'inbox' && !item.inbox) {
    issues.push({ path: 'inbox', message: 'is required for channel inbox' });
  }
  return issues;
}

/** What is stored in contents.channel_context (migration 080) and shown by the views. */
export const ChannelContextSchema = z.object({
  conversation_id: z.string().optional(),
  inbox: InboxContextSchema.optional(),
  social: SocialContextSchema.optional(),
  transcript: z.string().optional(),
});
export type ChannelContext = z.infer<typeof ChannelContextSchema>;

export const ContextMessageSchema = z.object({
  id: z.number().int(),
  message_type: z.string(),
  content: z.string(),
  /** ISO 8601 in UTC. */
  bound_time: z.string(),
  /** The item asked about. */
  current: z.boolean(),
});
export type ContextMessage = z.infer<typeof ContextMessageSchema>;

/**
 * GET /api/content/:id/context. `messages`: for chat, the same subscriber's latest messages of
 * the conversation up to this one, oldest first (at most CHAT_CONTEXT_LIMIT); for inbox, the
 * thread's latest messages; empty for other channels.
 */
export const ContentContextSchema = z.object({
  id: z.number().int(),
  channel: ChannelSchema.nullable(),
  context: ChannelContextSchema,
  messages: z.array(ContextMessageSchema),
});
export type ContentContext = z.infer<typeof ContentContextSchema>;

export const CHANNEL_TEXTS = {
  titles: { chat: 'Chat', inbox: 'Inbox', social: 'Social', calls: 'Calls', voice: 'Voice' },
  lead: {
    chat: 'Chat messages, each with the earlier messages of its conversation.',
    inbox: 'Messages between people, with their sender, recipient and thread.',
    social: 'Posts with their media and how people reacted to them.',
    calls: 'Call recordings with their transcript.',
    voice: 'Voice messages with their transcript.',
  },
  conversation: 'Conversation',
  thread: 'Thread',
  from: 'From',
  to: 'To',
  subject: 'Subject',
  noSubject: '(no subject)',
  transcript: 'Transcript',
  noTranscript: 'No transcript was sent with this recording.',
  likes: 'Likes',
  shares: 'Shares',
  comments: 'Comments',
  contextLoading: 'Loading the context…',
  contextFailed: 'The context could not be loaded.',
  current: 'This message',
} as const;

export const channelEndpoints = {
  context: defineEndpoint({
    method: 'GET',
    path: '/api/content/:id/context',
    // The handler narrows it: an item the caller holds now, or any with section_message_history.
    access: needs('section_moderation', 'section_message_history'),
    summary:
      "An item's channel context: a chat's earlier messages of its conversation, an inbox thread, a post's counts, a recording's transcript",
    params: z.object({ id: idSchema('id') }),
    response: okData(ContentContextSchema),
  }),
};
