import { clientEvents } from '../../../src/contract/socket-events';
import { wellbeingEndpoints, type BreakPolicy } from '../../../src/contract/wellbeing';
import { registerEndpoint } from '../../http/endpoint';
import type { ServerContext } from '../../server-context';
import { onEvent } from '../../sockets/socket-event';
import type { SocketData } from '../../sockets/socket-server';
import type { ModerationModule } from '../moderation/moderation-module';
import { createItemProtection, type ProtectItems } from './item-protection';
import {
  countRecentExposures,
  endWellnessBreaks,
  readWellbeingPrefs,
  saveWellbeingPrefs,
  startWellnessBreak,
} from './wellbeing-repository';

/**
 * Operator wellbeing on the server (README "Operator wellbeing", src/contract/wellbeing.ts):
 * - `createWellbeingProtection`: the forced treatment and masked words sent with each item the
 *   moderation screen loads, and the count of sensitive items shown (made before moderation,
 *   which calls it from its content call);
 * - `registerWellbeing`: the caller's choices and break rules (GET/PUT /api/users/me/wellbeing)
 *   and the take-break event on /online-users, which parks the operator the way park-me does
 *   (held items back to the queue at once, in one transaction with the wellness break's row).
 *   The break ends when that operator's socket takes moderation again (moderate-me).
 */
export function createWellbeingProtection(context: ServerContext): ProtectItems {
  return createItemProtection({ db: context.db, settings: context.settings });
}

export function registerWellbeing(
  context: ServerContext,
  deps: { moderation: Pick<ModerationModule, 'socket' | 'leases'> },
): void {
  const { http, db, settings, log } = context;

  const policy = (): BreakPolicy => ({
    break_after_seconds: settings.get('wellbeing_break_after_seconds'),
    break_seconds: settings.get('wellbeing_break_seconds'),
    sensitive_cap_per_hour: settings.get('wellbeing_sensitive_cap_per_hour'),
    break_mode: settings.get('wellbeing_break_mode'),
  });

  registerEndpoint(http, wellbeingEndpoints.status, async ({ user }) => ({
    ok: true,
    data: {
      prefs: await readWellbeingPrefs(db, user.id),
      policy: policy(),
      sensitive_last_hour: await countRecentExposures(db, user.id),
    },
  }));

  registerEndpoint(http, wellbeingEndpoints.save, async ({ user, body }) => {
    await saveWellbeingPrefs(db, user.id, body);
    return { ok: true, data: body };
  });

  const { socket: moderation, leases } = deps.moderation;
  moderation.namespace.on('connection', (socket) => {
    const userId = (socket.data as SocketData).user.id;
    onEvent(socket, clientEvents.takeBreak, log, async ({ payload }) => {
      leases.drop(socket.id);
      await moderation.park(userId, (tx) => startWellnessBreak(tx, userId, payload.reason));
    });
    // Taking moderation again ends the break (the moderation handler itself checks the event).
    socket.on(clientEvents.moderateMe.name, () => {
      endWellnessBreaks(db, userId).catch((error: unknown) =>
        log.error({ err: error, userId }, 'ending a wellness break failed'),
      );
    });
  });
}
