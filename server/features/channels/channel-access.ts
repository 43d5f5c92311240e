import { CHANNEL_PERMISSIONS, type Channel } from '../../../src/contract/channels';
import { HttpError } from '../../http/errors';

/**
 * A channel view's claim needs the channel's section permission besides section_moderation (the
 * event's own access): /voice is opened by section_voice, and its items are claimed by it too.
 */
export function refuseChannelWithoutPermission(
  channel: Channel | null | undefined,
  permissions: readonly string[],
): void {
  if (!channel) return;
  const needed = CHANNEL_PERMISSIONS[channel];
  if (!permissions.includes(needed)) {
    throw new HttpError(
      403,
      `You need the permission ${needed} to moderate the ${channel} channel.`,
    );
  }
}
