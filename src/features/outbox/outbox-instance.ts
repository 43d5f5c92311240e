/**
 * The app's one outbox, on the shared IndexedDB connection and the HTTP transport, and the
 * browser events that start a replay. Tests build their own with createOutbox.
 */
import { NAMESPACES } from '../../contract/socket-events';
import { getLocalDb } from '../../lib/local-db';
import { getSocket } from '../../lib/socket-manager';
import { httpOutboxTransport } from './api/outbox-transport';
import { createOutbox } from './outbox';

export const outbox = createOutbox({ openDb: getLocalDb, transport: httpOutboxTransport });

let started = false;

/**
 * Wires the replay triggers once per page: the browser's online event, every (re)connect of the
 * online-users socket, and the tab becoming visible again. Page load is covered by setUser: the
 * first replay runs as soon as the signed-in user is known.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  const replay = () => void outbox.replay();
  window.addEventListener('online', replay);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay();
  });
  getSocket(NAMESPACES.onlineUsers).on('connect', replay);
}
