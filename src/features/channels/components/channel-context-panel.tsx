import clsx from 'clsx';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { useState } from 'react';
import {
  CHANNEL_TEXTS,
  type Channel,
  type ContentContext,
  type ContextMessage,
} from '../../../contract/channels';
import { formatArrivalTime } from '../../../lib/dates';
import { useContentContext } from '../api/get-content-context';

const TEXTS = CHANNEL_TEXTS;
const muted = 'text-stone-600 dark:text-zinc-400';

function MessageList({ label, messages }: { label: string; messages: readonly ContextMessage[] }) {
  return (
    <section aria-label={label}>
      <h3 className={clsx('mb-1 text-[11px] font-semibold tracking-wide uppercase', muted)}>
        {label}
      </h3>
      <ol className="max-h-40 space-y-1 overflow-y-auto" data-testid="context-messages">
        {messages.map((message) => (
          <li
            key={message.id}
            aria-current={message.current || undefined}
            className={clsx(
              'rounded px-2 py-1 text-sm break-words',
              message.current
                ? 'border border-gold-500 bg-gold-500/10 font-medium'
                : 'bg-stone-100 dark:bg-zinc-800/70',
            )}
          >
            <span className={clsx('mr-2 text-[11px] tabular-nums', muted)}>
              <time dateTime={message.bound_time}>{formatArrivalTime(message.bound_time)}</time>
            </span>
            {message.current && <span className="sr-only">{TEXTS.current}: </span>}
            {message.message_type === 'text' ? message.content : `[${message.message_type}]`}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Inbox({ data }: { data: ContentContext }) {
  const inbox = data.context.inbox;
  return (
    <div className="space-y-2">
      {inbox && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className={muted}>{TEXTS.from}</dt>
          <dd className="truncate">{inbox.sender}</dd>
          <dt className={muted}>{TEXTS.to}</dt>
          <dd className="truncate">{inbox.recipient}</dd>
          <dt className={muted}>{TEXTS.subject}</dt>
          <dd className="truncate">{inbox.subject || TEXTS.noSubject}</dd>
        </dl>
      )}
      {data.messages.length > 1 && <MessageList label={TEXTS.thread} messages={data.messages} />}
    </div>
  );
}

function Social({ data }: { data: ContentContext }) {
  const social = data.context.social;
  const [showMedia, setShowMedia] = useState(false);
  if (!social) return null;
  const counts = [
    { label: TEXTS.likes, value: social.likes, Icon: Heart },
    { label: TEXTS.shares, value: social.shares, Icon: Repeat2 },
    { label: TEXTS.comments, value: social.comments, Icon: MessageCircle },
  ];
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-4 text-sm">
        {counts.map(({ label, value, Icon }) => (
          <div key={label} className="flex items-center gap-1">
            <Icon aria-hidden="true" className="size-4" />
            <dt className="sr-only">{label}</dt>
            <dd className="tabular-nums">{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {social.media.length > 0 &&
        (showMedia ? (
          <ul className="flex gap-2 overflow-x-auto">
            {social.media.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={`Media ${index + 1} of the post`}
                  className="h-20 w-20 rounded object-cover"
                />
              </li>
            ))}
          </ul>
        ) : (
          <button
            type="button"
            className="btn-secondary py-1 text-xs"
            onClick={() => setShowMedia(true)}
          >
            {`Load the post's ${social.media.length} media`}
          </button>
        ))}
    </div>
  );
}

function Transcript({ data }: { data: ContentContext }) {
  return (
    <section aria-label={TEXTS.transcript}>
      <h3 className={clsx('mb-1 text-[11px] font-semibold tracking-wide uppercase', muted)}>
        {TEXTS.transcript}
      </h3>
      {data.context.transcript ? (
        <p
          data-testid="transcript"
          className="max-h-32 overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap"
        >
          {data.context.transcript}
        </p>
      ) : (
        <p className={clsx('text-sm', muted)}>{TEXTS.noTranscript}</p>
      )}
    </section>
  );
}

/**
 * What a channel view shows beside an item's media (contract/channels.ts): a chat's earlier
 * messages with this one highlighted, an inbox message's sender, recipient, subject and thread,
 * a post's counts and media, a recording's transcript (its player is the card's viewer).
 */
export function ChannelContextPanel({ itemId, channel }: { itemId: number; channel: Channel }) {
  const context = useContentContext(itemId);
  return (
    <div
      className="border-b border-stone-200 px-3 py-2 dark:border-zinc-800"
      data-testid="channel-context"
    >
      {context.isPending && <p className={clsx('text-xs', muted)}>{TEXTS.contextLoading}</p>}
      {context.isError && <p className={clsx('text-xs', muted)}>{TEXTS.contextFailed}</p>}
      {context.data && channel === 'chat' && (
        <MessageList label={TEXTS.conversation} messages={context.data.messages} />
      )}
      {context.data && channel === 'inbox' && <Inbox data={context.data} />}
      {context.data && channel === 'social' && <Social data={context.data} />}
      {context.data && (channel === 'calls' || channel === 'voice') && (
        <Transcript data={context.data} />
      )}
    </div>
  );
}
