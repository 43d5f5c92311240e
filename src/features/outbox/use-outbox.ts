import { useEffect, useSyncExternalStore } from 'react';
import type { OutboxSnapshot } from './outbox';
import { outbox } from './outbox-instance';

/** Waiting count, sending state and needs-attention entries of the signed-in user. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
}

/**
 * Tells the outbox whose entries to send. Mount it in the signed-in layout: unmounting (sign
 * out) stops sending and keeps the entries for this user's next sign-in.
 */
export function useOutboxUser(userId: number | null): void {
  useEffect(() => {
    outbox.setUser(userId);
    return () => outbox.setUser(null);
  }, [userId]);
}
