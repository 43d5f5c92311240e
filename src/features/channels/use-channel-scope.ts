import { useEffect } from 'react';
import type { Channel } from '../../contract/channels';
import type { ContentStore } from '../moderation/content-store';
import type { ModerationItem } from '../moderation/moderation-rules';

/**
 * A channel view shows its channel's items only. Its claims take nothing else, but items held
 * from before (a reload within the lease grace hands the whole assignment back) may be of
 * another channel: they go back to the queue, so they neither hide on this screen nor count
 * against max content.
 */
export function useChannelScope(
  store: ContentStore,
  items: readonly ModerationItem[],
  channel: Channel | undefined,
): void {
  useEffect(() => {
    if (!channel) return;
    const others = items.filter((item) => (item.channel ?? null) !== channel);
    if (others.length > 0) store.giveBack(others.map((item) => item.id));
  }, [channel, items, store]);
}
