import { RefreshCw } from 'lucide-react';
import { outbox } from '../../outbox/outbox-instance';
import { useOutbox } from '../../outbox/use-outbox';
import { PWA_TEXTS } from '../pwa-texts';
import { applyUpdate, useUpdateState } from '../service-worker-registration';

/**
 * 'A new version is available' with Reload. Nothing reloads by itself: the page switches only
 * when the user presses Reload, and then only after the outbox finished sending.
 */
export function UpdatePrompt() {
  const { updateReady, applying } = useUpdateState();
  const { sending } = useOutbox();
  if (!updateReady) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed bottom-4 left-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-stone-200 border-l-4 border-l-gold-500 bg-white px-4 py-3 text-sm shadow-lg dark:border-zinc-700 dark:border-l-gold-500 dark:bg-zinc-900"
    >
      <span className="flex-1">
        {applying && sending ? PWA_TEXTS.finishingSending : PWA_TEXTS.updateAvailable}
      </span>
      <button
        type="button"
        disabled={applying}
        onClick={() => void applyUpdate(() => outbox.whenIdle())}
        className="inline-flex items-center gap-1.5 rounded-md bg-gold-500 px-3 py-1.5 font-medium text-zinc-950 hover:bg-gold-400 disabled:opacity-60"
      >
        <RefreshCw
          aria-hidden="true"
          className={applying ? 'size-4 motion-safe:animate-spin' : 'size-4'}
        />
        {PWA_TEXTS.reload}
      </button>
    </div>
  );
}
