import { useEffect, useRef } from 'react';
import type { AttentionEntry } from '../../lib/local-db';
import { notify } from '../../lib/notices';
import { OUTBOX_TEXTS, contentIdOf } from './outbox-texts';

/**
 * Tells the operator, once, about each entry the server refuses for good while they work. Entries
 * already on the list when the screen opens are not announced again: the list itself shows them.
 */
export function useAttentionNotices(entries: readonly AttentionEntry[]): void {
  const announced = useRef<Set<string> | null>(null);
  useEffect(() => {
    const keys = new Set(entries.map((entry) => entry.idempotencyKey));
    if (announced.current) {
      for (const entry of entries) {
        if (!announced.current.has(entry.idempotencyKey)) {
          notify.error(OUTBOX_TEXTS.refused(entry.kind, contentIdOf(entry), entry.reason));
        }
      }
    }
    announced.current = keys;
  }, [entries]);
}
