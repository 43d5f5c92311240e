import { CloudOff, LoaderCircle } from 'lucide-react';
import { useOnlineStatus } from '../../../lib/online-status';
import { NeedsAttentionSlot } from '../../outbox/components/needs-attention-slot';
import { useAttentionNotices } from '../../outbox/use-attention-notices';
import { useOutbox } from '../../outbox/use-outbox';
import { PWA_TEXTS } from '../pwa-texts';

/**
 * For the top bar: 'Offline' when the device has no network, the number of submissions waiting
 * in the outbox (spinning while sending), and the needs-attention list. Renders nothing when
 * all is well.
 */
export function ConnectionStatus() {
  const online = useOnlineStatus();
  const { waitingResults, sending, attention } = useOutbox();
  useAttentionNotices(attention);
  if (online && waitingResults === 0 && attention.length === 0) return null;
  return (
    <div className="flex items-center gap-2 text-xs font-medium" data-testid="connection-status">
      {!online && (
        <span
          title={PWA_TEXTS.offlineTitle}
          data-testid="offline-indicator"
          className="inline-flex items-center gap-1 rounded-full bg-stone-200 px-2.5 py-1 text-stone-700 dark:bg-zinc-800 dark:text-zinc-200"
        >
          <CloudOff aria-hidden="true" className="size-3.5" />
          {PWA_TEXTS.offline}
        </span>
      )}
      {waitingResults > 0 && (
        <span
          title={PWA_TEXTS.waitingTitle(waitingResults)}
          data-testid="outbox-waiting"
          className="inline-flex items-center gap-1 rounded-full border border-gold-500 px-2.5 py-1 text-gold-700 dark:text-gold-300"
        >
          {sending && (
            <LoaderCircle
              aria-label={PWA_TEXTS.sending}
              className="size-3.5 motion-safe:animate-spin"
            />
          )}
          {PWA_TEXTS.waiting(waitingResults)}
        </span>
      )}
      <NeedsAttentionSlot entries={attention} />
    </div>
  );
}
