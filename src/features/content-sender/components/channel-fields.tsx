import {
  CHANNELS,
  CHANNEL_TEXTS,
  SOCIAL_MEDIA_MAX,
  type Channel,
  type ChannelFieldsSchema,
} from '../../../contract/channels';
import { useState } from 'react';
import type { z } from 'zod';
import type { FieldBinding } from '../../../ui/form/use-zod-form';
import { NumberField } from '../../../ui/form/number-field';
import { SelectField } from '../../../ui/form/select-field';
import { TextField, TextareaField } from '../../../ui/form/text-field';
import { CONTENT_SENDER_UI_TEXTS as TEXTS } from '../content-sender-texts';

/** The channel values of the sender's form, as the send call takes them. */
export type ChannelValues = z.input<typeof ChannelFieldsSchema>;
type InboxInput = NonNullable<ChannelValues['inbox']>;
type SocialInput = NonNullable<ChannelValues['social']>;

/** No channel and no context: what the form starts with and what a change of channel clears. */
export const NO_CHANNEL = {
  channel: null,
  conversation_id: null,
  inbox: null,
  social: null,
  transcript: null,
} as const satisfies ChannelValues;

/** The context fields a channel starts with: only its own, empty; the others' are cleared. */
export function channelStart(channel: Channel | null): ChannelValues {
  switch (channel) {
    case 'chat':
      return { ...NO_CHANNEL, channel, conversation_id: '' };
    case 'inbox':
      return {
        ...NO_CHANNEL,
        channel,
        inbox: { sender: '', recipient: '', thread_id: '', subject: '' },
      };
    case 'social':
      return { ...NO_CHANNEL, channel, social: { likes: 0, shares: 0, comments: 0, media: [] } };
    case 'calls':
    case 'voice':
      return { ...NO_CHANNEL, channel, transcript: '' };
    default:
      return NO_CHANNEL;
  }
}

/**
 * The schema's messages for a context field name no subject ("is required"): beside the field
 * they read with its label ("Thread is required").
 */
function labelled(label: string, error: string | undefined): string | undefined {
  return error && /^(is|must) /.test(error) ? `${label} ${error}` : error;
}

/** A text binding of a value that may be null or absent (an optional context field). */
function asText<V>(binding: FieldBinding<V>, label: string) {
  return {
    ...binding,
    value: typeof binding.value === 'string' ? binding.value : '',
    onChange: (value: string) => binding.onChange(value as V),
    error: labelled(label, binding.error),
  };
}

const urlsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** An inbox message's fields, in the form's order. */
const INBOX_FIELDS: { key: keyof InboxInput; label: string; required: boolean; hint?: string }[] = [
  { key: 'sender', label: CHANNEL_TEXTS.from, required: true },
  { key: 'recipient', label: CHANNEL_TEXTS.to, required: true },
  { key: 'thread_id', label: CHANNEL_TEXTS.thread, required: true, hint: TEXTS.threadHint },
  { key: 'subject', label: CHANNEL_TEXTS.subject, required: false },
];

/** A post's reactions. */
const COUNT_FIELDS = [
  { key: 'likes', label: CHANNEL_TEXTS.likes },
  { key: 'shares', label: CHANNEL_TEXTS.shares },
  { key: 'comments', label: CHANNEL_TEXTS.comments },
] as const;

/** A post's media addresses, one a line; the text is kept as typed, blank lines included. */
function MediaUrlsField({ binding }: { binding: FieldBinding<string[] | undefined> }) {
  const [text, setText] = useState(() => (binding.value ?? []).join('\n'));
  const urls = binding.value ?? [];
  // A value set from outside (a cleared form) replaces what is shown.
  const shown = urlsOf(text).join('\n') === urls.join('\n') ? text : urls.join('\n');
  return (
    <TextareaField
      label={TEXTS.socialMedia}
      hint={TEXTS.socialMediaHint(SOCIAL_MEDIA_MAX)}
      rows={3}
      name={binding.name}
      error={labelled(TEXTS.socialMediaShort, binding.error)}
      onBlur={binding.onBlur}
      value={shown}
      onChange={(next) => {
        setText(next);
        binding.onChange(urlsOf(next));
      }}
    />
  );
}

/**
 * The item's channel (SPEC: the channel views) and the context that channel carries, as a
 * service sends them: a chat's conversation, an inbox message's sender, recipient and thread,
 * a post's reactions and media, a recording's transcript. Changing the channel clears the
 * context of the one before, which the server would refuse.
 */
export function ChannelFields({
  values,
  field,
  onChannel,
}: {
  values: ChannelValues;
  field: {
    channel: FieldBinding<ChannelValues['channel']>;
    conversationId: FieldBinding<ChannelValues['conversation_id']>;
    transcript: FieldBinding<ChannelValues['transcript']>;
    inbox: (key: keyof InboxInput) => FieldBinding<string | undefined>;
    social: <K extends keyof SocialInput>(key: K) => FieldBinding<SocialInput[K] | undefined>;
  };
  onChannel: (channel: Channel | null) => void;
}) {
  const channel = values.channel ?? null;
  const inbox = (key: keyof InboxInput, label: string) => asText(field.inbox(key), label);
  const count = (key: 'likes' | 'shares' | 'comments', label: string) => {
    const binding = field.social(key);
    return { ...binding, error: labelled(label, binding.error) };
  };
  return (
    <div className="space-y-4">
      <SelectField<Channel | 'none'>
        label={TEXTS.channel}
        hint={TEXTS.channelHint}
        name={field.channel.name}
        error={field.channel.error}
        onBlur={field.channel.onBlur}
        value={channel ?? 'none'}
        options={[
          { value: 'none', label: TEXTS.noChannel },
          ...CHANNELS.map((value) => ({ value, label: CHANNEL_TEXTS.titles[value] })),
        ]}
        onChange={(value) => onChannel(value === 'none' || value === '' ? null : value)}
      />
      {channel === 'chat' && (
        <TextField
          label={TEXTS.conversationId}
          hint={TEXTS.conversationHint}
          required
          autoComplete="off"
          {...asText(field.conversationId, TEXTS.conversationId)}
        />
      )}
      {channel === 'inbox' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {INBOX_FIELDS.map(({ key, label, required, hint }) => (
            <TextField
              key={key}
              label={label}
              hint={hint}
              required={required}
              autoComplete="off"
              {...inbox(key, label)}
            />
          ))}
        </div>
      )}
      {channel === 'social' && (
        <>
          <div className="grid grid-cols-3 gap-4">
            {COUNT_FIELDS.map(({ key, label }) => (
              <NumberField key={key} label={label} min={0} {...count(key, label)} />
            ))}
          </div>
          <MediaUrlsField binding={field.social('media')} />
        </>
      )}
      {(channel === 'calls' || channel === 'voice') && (
        <TextareaField
          label={CHANNEL_TEXTS.transcript}
          hint={TEXTS.transcriptHint}
          rows={4}
          {...asText(field.transcript, CHANNEL_TEXTS.transcript)}
        />
      )}
    </div>
  );
}
