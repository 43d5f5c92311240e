import { channelEndpoints } from '../../../src/contract/channels';
import { registerEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { ServerContext } from '../../server-context';
import { channelContext } from './channel-context-repository';

/**
 * The channel views' own call: an item's context. Everything else a channel view does is the
 * moderation engine's (request-content with a channel, the content calls, submit).
 */
export function registerChannels(context: Pick<ServerContext, 'http' | 'db'>): void {
  const { http, db } = context;
  registerEndpoint(http, channelEndpoints.context, async ({ params, user }) => {
    const found = await channelContext(db, {
      contentId: params.id,
      userId: user.id,
      mayReadAny: user.permissions.includes('section_message_history'),
    });
    if (!found) throw new HttpError(404, 'There is no such item among those you may see.');
    return { ok: true, data: found };
  });
}
