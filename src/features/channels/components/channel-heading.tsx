import { CHANNEL_TEXTS, type Channel } from '../../../contract/channels';

/** The title of a channel view and what it shows, above the moderation page's banner. */
export function ChannelHeading({ channel }: { channel: Channel }) {
  return (
    <div className="w-full">
      <h1 className="text-lg font-semibold">{CHANNEL_TEXTS.titles[channel]}</h1>
      <p className="text-sm text-stone-600 dark:text-zinc-400">{CHANNEL_TEXTS.lead[channel]}</p>
    </div>
  );
}
